import type { ObjectId } from 'mongodb';
import type { OrderEventRecord } from './order-event.js';

export const ORDER_STATUSES = ['pending', 'in-progress', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The one status an order must be in to move to `target` (orders only move forward, one step at
 * a time), or null. It doubles as the condition of the update, so two racing moves cannot both win.
 */
export function requiredPreviousStatus(target: OrderStatus): OrderStatus | null {
  const index = ORDER_STATUSES.indexOf(target);
  return index > 0 ? (ORDER_STATUSES[index - 1] ?? null) : null;
}

/** One line as sold, with the menu's prices (whole cents) then, so a later menu change leaves it. */
export interface OrderItemRecord {
  menuItemId: ObjectId;
  size: string;
  /** Null for an item that offers no crust. */
  crust: string | null;
  toppings: string[];
  quantity: number;
  /** The size's price plus each topping's. */
  unitPrice: number;
  lineTotal: number;
}

export interface OrderRecord {
  _id: ObjectId;
  customerName: string;
  items: OrderItemRecord[];
  total: number;
  status: OrderStatus;
  createdAt: Date;
  /** How many times the order has changed, shown as its ETag; absent (0) until the first change. */
  _version?: number;
  /**
   * Every change, oldest first, each written by the write that made it. At most three (placed,
   * then in-progress and completed, or cancelled): the statuses bound the history. Absent on
   * orders stored before events were.
   */
  events?: OrderEventRecord[];
  /** The time of the last event, indexed: the streams find changed orders by it. */
  lastEventAt?: Date;
  /** Set by a cancellation: the order is gone for every answer but its events. */
  cancelledAt?: Date;
}

export type NewOrder = Omit<OrderRecord, '_id'>;
