import { openEventStream, OpenStreams, type EventStream, type Logger } from '@repo/common';
import type { Response } from 'express';
import type { OrdersRepository } from '../data/orders-repository.js';
import type { OrderRecord } from '../domain/order.js';
import type { EventKey } from '../domain/order-event.js';
import { followShopLive, trackOrderLive } from './follow-live.js';
import { followShop, trackOrder } from './follow-orders.js';
import type { LiveEventFeed, LiveSubscriber } from './live-feed.js';
import { OrderEventFeed, type FeedSubscriber } from './order-event-feed.js';
import { endOfMillisecond } from './settled-events.js';

export interface StreamSettings {
  /** The comment line's interval on an idle stream. */
  heartbeatMs: number;
  pollMs: number;
  settleMs: number;
  /** A stream ends after this long; its client resumes with `Last-Event-ID`. */
  maxStreamMs: number;
}

/** Opens a tracker's stream once its order is read. */
export type TrackerOpener = (res: Response, order: OrderRecord, resumeSeq: number | null) => void;

/** What the event stream routes share in one instance. */
export interface OrderStreams {
  /** The kitchen's stream: every event after `after`, or from now on. */
  followShop(res: Response, after: EventKey | null): void;
  /** Called before the order is read, so that no change made while it is read is missed. */
  trackOrder(): TrackerOpener;
  /** Ends every stream (a stop): their clients resume elsewhere with `Last-Event-ID`. */
  endAll(): void;
}

/**
 * The open streams of an instance: `open` starts one, fed once `start` has sent what it must
 * first; `start` returns the unsubscribe, or null when nothing follows (the stream ends).
 */
function streamRegistry(settings: StreamSettings) {
  const streams = new OpenStreams();
  return {
    open(res: Response, start: (stream: EventStream) => (() => void) | null): void {
      const stream = openEventStream(res, { heartbeatMs: settings.heartbeatMs });
      streams.add(stream);
      const unsubscribe = stream.ended ? null : start(stream);
      if (unsubscribe === null || stream.ended) {
        unsubscribe?.();
        stream.end();
        return;
      }
      const lifetime = setTimeout(() => stream.end(), settings.maxStreamMs);
      stream.onEnd(() => {
        clearTimeout(lifetime);
        unsubscribe();
      });
    },
    endAll: () => streams.endAll(),
  };
}

/** Streams fed by polling the stored events (no broker). */
export function createOrderStreams(
  orders: Pick<OrdersRepository, 'changedSince'>,
  logger: Logger,
  settings: StreamSettings,
): OrderStreams {
  const feed = new OrderEventFeed({
    orders,
    logger,
    pollMs: settings.pollMs,
    settleMs: settings.settleMs,
  });
  const registry = streamRegistry(settings);
  const fed = (subscriber: FeedSubscriber | null) =>
    subscriber === null ? null : feed.subscribe(subscriber);
  return {
    followShop(res, after) {
      const horizon = feed.horizonMs();
      registry.open(res, (stream) => fed(followShop(stream, after, horizon)));
    },
    trackOrder() {
      const horizon = feed.horizonMs();
      return (res, order, resumeSeq) =>
        registry.open(res, (stream) => fed(trackOrder(stream, order, resumeSeq, horizon)));
    },
    endAll() {
      registry.endAll();
      feed.close();
    },
  };
}

/** Streams fed by the broker's stream of events (`NATS_URL`), caught up from the stored ones. */
export function createLiveOrderStreams(
  feed: LiveEventFeed,
  orders: Pick<OrdersRepository, 'changedSince' | 'findStoredById'>,
  logger: Logger,
  settings: StreamSettings,
): OrderStreams {
  const registry = streamRegistry(settings);
  const fed = (subscriber: LiveSubscriber | null) =>
    subscriber === null
      ? null
      : feed.subscribe({
          ...subscriber,
          fail(error) {
            // The client resumes with Last-Event-ID, on this instance or another.
            logger.warn({ err: error }, 'could not read the stored order events; stream ended');
            subscriber.fail(error);
          },
        });
  return {
    followShop(res, after) {
      const from = after ?? endOfMillisecond(Date.now() - settings.settleMs);
      registry.open(res, (stream) => fed(followShopLive(stream, from, orders)));
    },
    trackOrder() {
      const readFrom = feed.position;
      return (res, order, resumeSeq) =>
        registry.open(res, (stream) =>
          fed(trackOrderLive(stream, order, resumeSeq, readFrom, orders)),
        );
    },
    endAll() {
      registry.endAll();
      feed.close();
    },
  };
}
