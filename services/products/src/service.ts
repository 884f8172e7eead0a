import { type ServiceDefinition } from '@repo/common';
import { connectWithMongo, createMongoIdempotencyStore } from '@repo/common/mongo';
import { apiDocument, createApp, type AppDeps } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createOrdersRepository } from './data/orders-repository.js';
import { createProductsRepository } from './data/products-repository.js';
import { recoverStockJobs, STOCK_JOB_LEASE_MS } from './domain/recover-stock-jobs.js';

/** Ends the stock jobs that failed requests or stopped processes left, now and every lease. */
function scheduleStockRecovery(deps: AppDeps): () => void {
  const recover = (): void => {
    recoverStockJobs(deps, deps.clock()).then(
      (ended) => {
        if (ended > 0) deps.logger.warn({ ended }, 'ended abandoned order stock jobs');
      },
      (error: unknown) => deps.logger.warn({ err: error }, 'order stock recovery failed; retrying'),
    );
  };
  recover();
  const timer = setInterval(recover, STOCK_JOB_LEASE_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Connected to MongoDB before the port opens, so it never answers without it. */
export const service: ServiceDefinition<Config, AppDeps> = {
  name: 'products',
  loadConfig,
  connect: async (config, logger, throttle) => {
    const connected = await connectWithMongo(config, logger, async (db): Promise<AppDeps> => {
      const orders = createOrdersRepository(db);
      await orders.ensureIndexes();
      const idempotency = createMongoIdempotencyStore(db, {
        ttlSeconds: config.IDEMPOTENCY_TTL_SECONDS,
      });
      await idempotency.ensureIndexes();
      const products = createProductsRepository(db);
      const clock = () => new Date();
      const lowStockThreshold = config.LOW_STOCK_THRESHOLD;
      return { products, orders, clock, lowStockThreshold, idempotency, logger, throttle };
    });
    const stopRecovery = scheduleStockRecovery(connected.deps);
    return {
      ...connected,
      close: async () => {
        stopRecovery();
        await connected.close?.();
      },
    };
  },
  createApp,
  apiDocument,
};
