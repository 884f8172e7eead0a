import type { EventStream } from '@repo/common';
import type { OrderRecord } from '../domain/order.js';
import {
  compareEventKeys,
  eventKey,
  eventsOf,
  isFinal,
  type EventKey,
  type OrderEventRecord,
} from '../domain/order-event.js';
import { currentStateMessage, eventMessage } from './event-messages.js';
import type { FeedSubscriber } from './order-event-feed.js';

/** Sorts after every event of its millisecond. */
function endOfMillisecond(atMs: number): EventKey {
  return { atMs, orderId: '~', seq: Number.POSITIVE_INFINITY };
}

/**
 * The kitchen's view: every event of the shop, in key order. It sends only settled events (at or
 * before the horizon), each once: after `cursor`, up to the horizon, which becomes the cursor.
 * Without `after`, it starts at the horizon of the moment it opens.
 */
export function followShop(
  stream: EventStream,
  after: EventKey | null,
  horizonMs: number,
): FeedSubscriber {
  let cursor = after ?? endOfMillisecond(horizonMs);
  return {
    get floorMs() {
      return cursor.atMs;
    },
    take(orders, horizon) {
      const limit = endOfMillisecond(horizon);
      const due: { key: EventKey; order: OrderRecord; event: OrderEventRecord }[] = [];
      for (const order of orders) {
        for (const event of eventsOf(order)) {
          const key = eventKey(order._id, event);
          if (compareEventKeys(key, cursor) > 0 && compareEventKeys(key, limit) <= 0)
            due.push({ key, order, event });
        }
      }
      due.sort((a, b) => compareEventKeys(a.key, b.key));
      for (const { order, event } of due) stream.send(eventMessage(order, event));
      if (compareEventKeys(limit, cursor) > 0) cursor = limit;
    },
  };
}

/**
 * One order's view: sends its events after number `afterSeq` as soon as they are read (one order's
 * events are numbered, so none is sent twice or out of turn), and ends after a final one.
 */
function followOrder(stream: EventStream, order: OrderRecord, afterSeq: number, horizonMs: number) {
  let lastSeq = afterSeq;
  let floor = horizonMs;
  const sendNew = (current: OrderRecord): void => {
    for (const event of eventsOf(current)) {
      if (event.seq <= lastSeq) continue;
      stream.send(eventMessage(current, event));
      lastSeq = event.seq;
      if (isFinal(event)) stream.end();
    }
  };
  const subscriber: FeedSubscriber = {
    get floorMs() {
      return floor;
    },
    take(orders, horizon) {
      const current = orders.find((candidate) => candidate._id.equals(order._id));
      if (current !== undefined) sendNew(current);
      floor = Math.max(floor, horizon);
    },
  };
  return { subscriber, sendNew };
}

/**
 * A tracker's stream of `order`, read when it opened: resuming after `resumeSeq`, the events it
 * missed; else first the order as it is now. Null when nothing can follow (the stream ends).
 */
export function trackOrder(
  stream: EventStream,
  order: OrderRecord,
  resumeSeq: number | null,
  horizonMs: number,
): FeedSubscriber | null {
  const events = eventsOf(order);
  const latest = events[events.length - 1];
  if (latest === undefined) return null;
  const { subscriber, sendNew } = followOrder(stream, order, resumeSeq ?? latest.seq, horizonMs);
  if (resumeSeq === null) {
    stream.send(currentStateMessage(order, latest));
    if (isFinal(latest)) return null;
  } else {
    sendNew(order);
  }
  return stream.ended ? null : subscriber;
}
