import { type ServiceDefinition } from '@repo/common';
import { connectWithMongo, createMongoIdempotencyStore } from '@repo/common/mongo';
import { apiDocument, createApp, type AppDeps } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createMenuRepository } from './data/menu-repository.js';
import { createOrdersRepository } from './data/orders-repository.js';
import { seedDefaultMenu } from './domain/seed-menu.js';
import {
  createLiveOrderStreams,
  createOrderStreams,
  type StreamSettings,
} from './events/order-streams.js';
import type { OrderEventsBroker } from './relay/order-events-broker.js';
import { asyncApiDocument } from './http/events-document.js';

/** Connected to MongoDB, with the default menu stored, before the port opens. */
export const service: ServiceDefinition<Config, AppDeps> = {
  name: 'orders',
  loadConfig,
  secrets: ['ORDERS_CUSTOMER_TOKEN', 'ORDERS_STAFF_TOKEN'],
  connect: async (config, logger, throttle) => {
    let broker: OrderEventsBroker | undefined;
    const connected = await connectWithMongo(config, logger, async (db) => {
      const menu = createMenuRepository(db);
      const seeded = await seedDefaultMenu(menu);
      if (seeded > 0) logger.info({ items: seeded }, 'menu was empty: stored the default menu');
      const orders = createOrdersRepository(db);
      await orders.ensureIndexes();
      const idempotency = createMongoIdempotencyStore(db, {
        ttlSeconds: config.IDEMPOTENCY_TTL_SECONDS,
      });
      await idempotency.ensureIndexes();
      const settings: StreamSettings = {
        heartbeatMs: config.ORDERS_EVENTS_HEARTBEAT_MS,
        pollMs: config.ORDERS_EVENTS_POLL_MS,
        settleMs: config.ORDERS_EVENTS_SETTLE_MS,
        maxStreamMs: config.ORDERS_EVENTS_MAX_STREAM_MS,
      };
      // With NATS the streams read the broker's stream; without, the stored events (and the
      // NATS client is not even loaded).
      if (config.NATS_URL !== undefined) {
        const { startOrderEventsBroker } = await import('./relay/order-events-broker.js');
        broker = startOrderEventsBroker(db, orders, logger, {
          natsUrl: config.NATS_URL,
          pollMs: settings.pollMs,
          settleMs: settings.settleMs,
          replicas: config.ORDERS_STREAM_REPLICAS,
        });
      }
      const streams =
        broker === undefined
          ? createOrderStreams(orders, logger, settings)
          : createLiveOrderStreams(broker.feed, orders, logger, settings);
      return {
        menu,
        orders,
        idempotency,
        logger,
        customerToken: config.ORDERS_CUSTOMER_TOKEN,
        staffToken: config.ORDERS_STAFF_TOKEN,
        throttle,
        streams,
      };
    });
    // A stop ends the streams at once; their clients resume on another instance. NATS is no
    // part of readiness: without it orders are taken and their events wait in the database.
    return {
      ...connected,
      endStreams: () => connected.deps.streams.endAll(),
      close: async () => {
        await broker?.stop();
        await connected.close?.();
      },
    };
  },
  createApp,
  apiDocument,
  asyncApiDocument,
};
