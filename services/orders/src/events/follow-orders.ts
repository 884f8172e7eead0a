import type { EventStream } from '@repo/common';
import type { OrderRecord } from '../domain/order.js';
import { compareEventKeys, eventsOf, isFinal, type EventKey } from '../domain/order-event.js';
import { currentStateMessage, eventMessage } from './event-messages.js';
import type { LiveEvent } from './live-feed.js';
import type { FeedSubscriber } from './order-event-feed.js';
import { endOfMillisecond, eventsBetween } from './settled-events.js';

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
      for (const { order, event } of eventsBetween(orders, cursor, limit))
        stream.send(eventMessage(order, event));
      if (compareEventKeys(limit, cursor) > 0) cursor = limit;
    },
  };
}

/**
 * Where one order's stream stands: it sends the order's events after number `lastSeq`, each once
 * and in turn (one order's events are numbered), and ends after a final one.
 */
export interface OrderCursor {
  /** The order as read from the database. */
  sendNew(current: OrderRecord): void;
  /** An event from the broker, of any order. */
  sendLive(event: LiveEvent): void;
}

function orderCursor(stream: EventStream, orderId: string, afterSeq: number): OrderCursor {
  let lastSeq = afterSeq;
  return {
    sendNew(current) {
      for (const event of eventsOf(current)) {
        if (event.seq <= lastSeq) continue;
        stream.send(eventMessage(current, event));
        lastSeq = event.seq;
        if (isFinal(event)) stream.end();
      }
    },
    sendLive({ key, message, final }) {
      if (key.orderId !== orderId || key.seq <= lastSeq) return;
      stream.send(message);
      lastSeq = key.seq;
      if (final) stream.end();
    },
  };
}

/**
 * A tracker's stream of `order`, read when it opened: resuming after `resumeSeq`, the events it
 * missed; else first the order as it is now. Null when nothing can follow (the stream ends).
 */
export function startTracking(
  stream: EventStream,
  order: OrderRecord,
  resumeSeq: number | null,
): OrderCursor | null {
  const events = eventsOf(order);
  const latest = events[events.length - 1];
  if (latest === undefined) return null;
  const cursor = orderCursor(stream, order._id.toHexString(), resumeSeq ?? latest.seq);
  if (resumeSeq === null) {
    stream.send(currentStateMessage(order, latest));
    if (isFinal(latest)) return null;
  } else {
    cursor.sendNew(order);
  }
  return stream.ended ? null : cursor;
}

/** `startTracking`, then the order's changes as the feed reads them. */
export function trackOrder(
  stream: EventStream,
  order: OrderRecord,
  resumeSeq: number | null,
  horizonMs: number,
): FeedSubscriber | null {
  const cursor = startTracking(stream, order, resumeSeq);
  if (cursor === null) return null;
  let floor = horizonMs;
  return {
    get floorMs() {
      return floor;
    },
    take(orders, horizon) {
      const current = orders.find((candidate) => candidate._id.equals(order._id));
      if (current !== undefined) cursor.sendNew(current);
      floor = Math.max(floor, horizon);
    },
  };
}
