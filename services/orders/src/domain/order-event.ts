import type { ObjectId } from 'mongodb';
import { ORDER_STATUSES, type OrderRecord, type OrderStatus } from './order.js';

export const ORDER_EVENT_TYPES = ['order.placed', 'order.status', 'order.cancelled'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** The broker subject an event is published on: `orders.` and the second word of its type. */
export function eventSubject(type: OrderEventType): string {
  return `orders.${type.slice(type.indexOf('.') + 1)}`;
}

/** What an order's event says its status became; `cancelled` exists only here. */
export type EventStatus = OrderStatus | 'cancelled';

/** The statuses each type of event can carry. */
interface StatusesOf {
  'order.placed': 'pending';
  'order.status': Exclude<OrderStatus, 'pending'>;
  'order.cancelled': 'cancelled';
}

/** One change of an order, stored in the order document by the same write as the change. */
export type OrderEventRecord = {
  [T in OrderEventType]: {
    /** The order's n-th change, from 0 (placed). */
    seq: number;
    type: T;
    status: StatusesOf[T];
    at: Date;
  };
}[OrderEventType];

/**
 * The sequence number of the change that moves an order to `status`. Orders only move forward one
 * step at a time and are cancelled only while pending, so the status fixes how many changes came
 * before: each write, conditional on the status it starts from, knows its number without a read.
 */
export function eventSeqFor(status: EventStatus): number {
  return status === 'cancelled' ? 1 : ORDER_STATUSES.indexOf(status);
}

export function newOrderEvent(status: EventStatus, at: Date): OrderEventRecord {
  const seq = eventSeqFor(status);
  if (status === 'cancelled') return { seq, type: 'order.cancelled', status, at };
  if (status === 'pending') return { seq, type: 'order.placed', status, at };
  return { seq, type: 'order.status', status, at };
}

/** An order stored before events were: its placement stands for its history. */
export function eventsOf(order: OrderRecord): OrderEventRecord[] {
  return order.events ?? [newOrderEvent('pending', order.createdAt)];
}

/** Whether nothing can follow the event: the streams of one order end after it. */
export function isFinal(event: OrderEventRecord): boolean {
  return event.status === 'completed' || event.status === 'cancelled';
}

/**
 * An event's place in the shop-wide order: its time, then its order's id, then its number in the
 * order. The key is its SSE id, `<ms>-<order id>-<seq>`, and the future broker message id.
 */
export interface EventKey {
  atMs: number;
  orderId: string;
  seq: number;
}

/** `<ms>-<order id>-<seq>`. */
export const EVENT_ID = /^(\d{1,15})-([0-9a-f]{24})-(\d{1,3})$/;

export function eventKey(orderId: ObjectId, event: OrderEventRecord): EventKey {
  return { atMs: event.at.getTime(), orderId: orderId.toHexString(), seq: event.seq };
}

export function formatEventId({ atMs, orderId, seq }: EventKey): string {
  return `${atMs}-${orderId}-${seq}`;
}

/** Null for anything the service did not write as an event id. */
export function parseEventId(text: string | undefined): EventKey | null {
  const match = text === undefined ? null : EVENT_ID.exec(text);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { atMs: Number(match[1]), orderId: match[2], seq: Number(match[3]) };
}

export function compareEventKeys(a: EventKey, b: EventKey): number {
  if (a.atMs !== b.atMs) return a.atMs - b.atMs;
  if (a.orderId !== b.orderId) return a.orderId < b.orderId ? -1 : 1;
  return a.seq - b.seq;
}
