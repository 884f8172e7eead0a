import type { StreamEvent } from '@repo/common';
import type { OrderRecord } from '../domain/order.js';
import { eventKey, formatEventId, type OrderEventRecord } from '../domain/order-event.js';
import { presentOrder } from '../http/order-presenter.js';

/**
 * An event as the streams send it: `order.placed` carries the whole order as it was placed (as
 * `GET /orders/:id` presents it) and its time, the others `{ id, status, at }`.
 */
export function eventMessage(order: OrderRecord, event: OrderEventRecord): StreamEvent {
  const at = event.at.toISOString();
  const data =
    event.type === 'order.placed'
      ? { ...presentOrder(order), status: event.status, at }
      : { id: order._id.toHexString(), status: event.status, at };
  return { id: formatEventId(eventKey(order._id, event)), event: event.type, data };
}

/** The order as it is now, under the name and id of its latest change: a tracker's first event. */
export function currentStateMessage(order: OrderRecord, latest: OrderEventRecord): StreamEvent {
  return {
    id: formatEventId(eventKey(order._id, latest)),
    event: latest.type,
    data: { ...presentOrder(order), status: latest.status, at: latest.at.toISOString() },
  };
}
