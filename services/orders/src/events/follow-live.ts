import type { EventStream } from '@repo/common';
import type { ObjectId } from 'mongodb';
import type { OrdersRepository } from '../data/orders-repository.js';
import type { OrderRecord } from '../domain/order.js';
import { compareEventKeys, type EventKey } from '../domain/order-event.js';
import { eventMessage } from './event-messages.js';
import { startTracking } from './follow-orders.js';
import type { LiveSubscriber } from './live-feed.js';
import { eventsBetween } from './settled-events.js';

/**
 * The kitchen's view fed by the broker: every event after `after`, each once, in key order. The
 * stored events up to the feed's position come first, then the live ones; any key at or before
 * the last one sent is dropped, so a repeat from either side is never sent.
 */
export function followShopLive(
  stream: EventStream,
  after: EventKey,
  orders: Pick<OrdersRepository, 'changedSince'>,
): LiveSubscriber {
  let cursor = after;
  return {
    async catchUp(upTo) {
      if (compareEventKeys(cursor, upTo) >= 0) return;
      const stored = await orders.changedSince(new Date(cursor.atMs));
      for (const { key, order, event } of eventsBetween(stored, cursor, upTo)) {
        stream.send(eventMessage(order, event));
        cursor = key;
      }
      cursor = upTo;
    },
    receive({ key, message }) {
      if (compareEventKeys(key, cursor) <= 0) return;
      stream.send(message);
      cursor = key;
    },
    fail: () => stream.end(),
  };
}

/**
 * A tracker fed by the broker. `readFrom` is the feed's position before `order` was read: when
 * the feed has passed on an event since, the order is read again so that a change made meanwhile
 * is not missed (its number keeps it from being sent twice).
 */
export function trackOrderLive(
  stream: EventStream,
  order: OrderRecord,
  resumeSeq: number | null,
  readFrom: EventKey | undefined,
  orders: { findStoredById(id: ObjectId): Promise<OrderRecord | null> },
): LiveSubscriber | null {
  const cursor = startTracking(stream, order, resumeSeq);
  if (cursor === null) return null;
  return {
    async catchUp(upTo) {
      if (readFrom !== undefined && compareEventKeys(readFrom, upTo) === 0) return;
      const current = await orders.findStoredById(order._id);
      if (current !== null) cursor.sendNew(current);
    },
    receive: (event) => cursor.sendLive(event),
    fail: () => stream.end(),
  };
}
