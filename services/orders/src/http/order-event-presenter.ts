import type { OrderRecord } from '../domain/order.js';
import type { OrderEventRecord } from '../domain/order-event.js';
import type { OrderEventPayload } from './order-event-schemas.js';
import { presentOrder } from './order-presenter.js';

/**
 * An event's `data`, typed by the schemas of the AsyncAPI document: `order.placed` carries the
 * whole order as it was placed (as `GET /orders/:id` presents it) and its time, the others
 * `{ id, status, at }`.
 */
export function presentOrderEvent(order: OrderRecord, event: OrderEventRecord): OrderEventPayload {
  const at = event.at.toISOString();
  if (event.type === 'order.placed') return { ...presentOrder(order), status: event.status, at };
  return { id: order._id.toHexString(), status: event.status, at };
}
