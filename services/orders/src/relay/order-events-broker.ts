import type { Logger } from '@repo/common';
import type { Db } from 'mongodb';
import type { OrdersRepository } from '../data/orders-repository.js';
import { LiveEventFeed } from '../events/live-feed.js';
import { startLiveConsumer } from './live-consumer.js';
import { openNatsLink } from './nats-link.js';
import { startOrderEventRelay } from './order-event-relay.js';
import { createRelayCursorRepository } from './relay-cursor-repository.js';

export interface BrokerSettings {
  natsUrl: string;
  pollMs: number;
  settleMs: number;
  replicas: number;
}

/** Waits between failed tries: from a quarter second up to 5 s. */
const RETRY = { firstMs: 250, maxMs: 5_000 };
const PUBLISH_TIMEOUT_MS = 5_000;

/**
 * The instance's part of the order events through NATS: the relay that publishes the stored
 * events, and the live feed its streams read, over one connection opened in the background.
 * Neither waits for NATS: the service starts and answers without it.
 */
export type OrderEventsBroker = ReturnType<typeof startOrderEventsBroker>;

export function startOrderEventsBroker(
  db: Db,
  orders: Pick<OrdersRepository, 'changedSince'>,
  logger: Logger,
  settings: BrokerSettings,
) {
  const link = openNatsLink(settings.natsUrl, logger, RETRY);
  const cursor = createRelayCursorRepository(db);
  const feed = new LiveEventFeed();
  const relay = startOrderEventRelay(
    { orders, cursor, link, logger },
    { ...settings, retry: RETRY, publishTimeoutMs: PUBLISH_TIMEOUT_MS },
  );
  const consumer = startLiveConsumer(
    { link, cursor, feed, logger },
    { settleMs: settings.settleMs, replicas: settings.replicas, retry: RETRY },
  );
  return {
    feed,
    relay,
    /** Stops publishing and reading, then drains the connection. */
    async stop(): Promise<void> {
      const stopped = Promise.all([relay.stop(), consumer.stop()]);
      // Closing the link also ends a wait for a connection that never came.
      await link.close();
      await stopped;
    },
  };
}
