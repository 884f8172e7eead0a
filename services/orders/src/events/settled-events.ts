import type { OrderRecord } from '../domain/order.js';
import {
  compareEventKeys,
  eventKey,
  eventsOf,
  type EventKey,
  type OrderEventRecord,
} from '../domain/order-event.js';

/** An event with its order and its place in the shop-wide order. */
export interface KeyedEvent {
  key: EventKey;
  order: OrderRecord;
  event: OrderEventRecord;
}

/** Sorts after every event of its millisecond. */
export function endOfMillisecond(atMs: number): EventKey {
  return { atMs, orderId: '~', seq: Number.POSITIVE_INFINITY };
}

/** The later of two keys. */
export function laterKey(a: EventKey, b: EventKey | null): EventKey {
  return b !== null && compareEventKeys(b, a) > 0 ? b : a;
}

/** Every event of `orders` after `after` and at or before `upTo`, in key order. */
export function eventsBetween(
  orders: readonly OrderRecord[],
  after: EventKey,
  upTo: EventKey,
): KeyedEvent[] {
  const due: KeyedEvent[] = [];
  for (const order of orders) {
    for (const event of eventsOf(order)) {
      const key = eventKey(order._id, event);
      if (compareEventKeys(key, after) > 0 && compareEventKeys(key, upTo) <= 0)
        due.push({ key, order, event });
    }
  }
  return due.sort((a, b) => compareEventKeys(a.key, b.key));
}
