import { type ServiceDefinition } from '@repo/common';
import { connectWithMongo, createMongoIdempotencyStore } from '@repo/common/mongo';
import { apiDocument, createApp, type AppDeps } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createProductsRepository } from './data/products-repository.js';

/** The mini-store: connected to MongoDB before the port opens, so it never answers without it. */
export const service: ServiceDefinition<Config, AppDeps> = {
  name: 'mini-store',
  loadConfig,
  connect: (config, logger, throttle) =>
    connectWithMongo(config, logger, async (db) => {
      const idempotency = createMongoIdempotencyStore(db, {
        ttlSeconds: config.IDEMPOTENCY_TTL_SECONDS,
      });
      await idempotency.ensureIndexes();
      return { products: createProductsRepository(db), idempotency, logger, throttle };
    }),
  createApp,
  apiDocument,
};
