import { type ServiceDefinition } from '@repo/common';
import { connectWithMongo, createMongoIdempotencyStore } from '@repo/common/mongo';
import { apiDocument, createApp, type AppDeps } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createMenuRepository } from './data/menu-repository.js';
import { createOrdersRepository } from './data/orders-repository.js';
import { seedDefaultMenu } from './domain/seed-menu.js';
import { createOrderStreams } from './events/order-streams.js';
import { asyncApiDocument } from './events-document.js';

/** Connected to MongoDB, with the default menu stored, before the port opens. */
export const service: ServiceDefinition<Config, AppDeps> = {
  name: 'orders',
  loadConfig,
  secrets: ['ORDERS_CUSTOMER_TOKEN', 'ORDERS_STAFF_TOKEN'],
  connect: async (config, logger, throttle) => {
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
      const streams = createOrderStreams(orders, logger, {
        heartbeatMs: config.ORDERS_EVENTS_HEARTBEAT_MS,
        pollMs: config.ORDERS_EVENTS_POLL_MS,
        settleMs: config.ORDERS_EVENTS_SETTLE_MS,
        maxStreamMs: config.ORDERS_EVENTS_MAX_STREAM_MS,
      });
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
    // A stop ends the streams at once; their clients resume on another instance.
    return { ...connected, endStreams: () => connected.deps.streams.endAll() };
  },
  createApp,
  apiDocument,
  asyncApiDocument,
};
