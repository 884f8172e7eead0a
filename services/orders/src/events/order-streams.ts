import { openEventStream, OpenStreams, type EventStream, type Logger } from '@repo/common';
import type { Response } from 'express';
import type { OrdersRepository } from '../data/orders-repository.js';
import { OrderEventFeed, type FeedSubscriber } from './order-event-feed.js';

export interface StreamSettings {
  /** The comment line's interval on an idle stream. */
  heartbeatMs: number;
  pollMs: number;
  settleMs: number;
  /** A stream ends after this long; its client resumes with `Last-Event-ID`. */
  maxStreamMs: number;
}

/** What the event stream routes share in one instance: the feed and the open streams. */
export interface OrderStreams {
  feed: OrderEventFeed;
  /** Opens a stream fed by `subscriber` once `start` has sent what it must first. */
  open(res: Response, start: (stream: EventStream) => FeedSubscriber | null): void;
  /** Ends every stream (a stop): their clients resume elsewhere with `Last-Event-ID`. */
  endAll(): void;
}

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
  const streams = new OpenStreams();
  return {
    feed,
    open(res, start) {
      const stream = openEventStream(res, { heartbeatMs: settings.heartbeatMs });
      streams.add(stream);
      const subscriber = stream.ended ? null : start(stream);
      if (subscriber === null || stream.ended) {
        stream.end();
        return;
      }
      const unsubscribe = feed.subscribe(subscriber);
      const lifetime = setTimeout(() => stream.end(), settings.maxStreamMs);
      stream.onEnd(() => {
        clearTimeout(lifetime);
        unsubscribe();
      });
    },
    endAll() {
      streams.endAll();
      feed.close();
    },
  };
}
