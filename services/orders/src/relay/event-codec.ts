import type { StreamEvent } from '@repo/common';
import { z } from 'zod';
import { ORDER_EVENT_TYPES, parseEventId, type OrderEventType } from '../domain/order-event.js';
import { ORDER_STATUSES } from '../domain/order.js';
import type { LiveEvent } from '../events/live-feed.js';

/** The JetStream stream of the order events and its subjects, one per event type. */
export const ORDERS_STREAM = 'ORDERS';
export const ORDERS_SUBJECTS = ORDER_EVENT_TYPES.map(subjectOf);

/** `order.placed` is published on `orders.placed`. */
export function subjectOf(type: OrderEventType): string {
  return `orders.${type.slice('order.'.length)}`;
}

function typeOf(subject: string): OrderEventType | undefined {
  return ORDER_EVENT_TYPES.find((type) => subjectOf(type) === subject);
}

/** A message as the relay publishes it: the stream's event, its id as the message id. */
export interface EventMessage {
  subject: string;
  msgId: string;
  body: string;
}

export function encodeEvent(event: StreamEvent & { event: OrderEventType }): EventMessage {
  return { subject: subjectOf(event.event), msgId: event.id, body: JSON.stringify(event.data) };
}

/** What every event's data holds (the `order.placed` data holds the whole order besides). */
const eventData = z.looseObject({
  id: z.string(),
  status: z.enum([...ORDER_STATUSES, 'cancelled']),
  at: z.string(),
});

/**
 * A message of the stream as the live feed passes it on; null for anything the relay did not
 * publish (an unknown subject, no or a foreign message id, a body that is no event of its order).
 */
export function decodeEvent(
  subject: string,
  msgId: string | undefined,
  body: string,
): LiveEvent | null {
  const type = typeOf(subject);
  const key = parseEventId(msgId);
  if (type === undefined || key === null || msgId === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const data = eventData.safeParse(json);
  if (!data.success || data.data.id !== key.orderId) return null;
  return {
    key,
    message: { id: msgId, event: type, data: data.data },
    final: data.data.status === 'completed' || data.data.status === 'cancelled',
  };
}
