import type { Db } from 'mongodb';
import {
  connectWithMongo,
  createMongoIdempotencyStore,
  type Logger,
  type ServiceDefinition,
  type Throttle,
} from '@repo/common';
import { apiDocument, createApp, type AppDeps } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createOrdersRepository } from './data/orders-repository.js';
import { createProductsRepository } from './data/products-repository.js';
import { recoverStockJobs, STOCK_JOB_LEASE_MS } from './domain/recover-stock-jobs.js';

/** What the app is built from once MongoDB is connected. */
async function depsOver(
  db: Db,
  config: Config,
  logger: Logger,
  throttle: Throttle,
): Promise<AppDeps> {
  const orders = createOrdersRepository(db);
  await orders.ensureIndexes();
  const idempotency = createMongoIdempotencyStore(db, {
    ttlSeconds: config.IDEMPOTENCY_TTL_SECONDS,
  });
  await idempotency.ensureIndexes();
  return {
    products: createProductsRepository(db),
    orders,
    clock: () => new Date(),
    lowStockThreshold: config.LOW_STOCK_THRESHOLD,
    idempotency,
    logger,
    throttle,
  };
}

/**
 * Ends the stock jobs that failed requests or stopped processes left (see `recoverStockJobs`),
 * at start-up and then every lease. Returns the stop function.
 */
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

/**
 * The products service as `runService` runs it. The port opens only after `connect` has returned,
 * so the database connection always exists first (spec: established before the port is opened).
 */
export const service: ServiceDefinition<Config, AppDeps> = {
  name: 'products',
  loadConfig,
  connect: async (config, logger, throttle) => {
    const connected = await connectWithMongo(config, logger, (db) =>
      depsOver(db, config, logger, throttle),
    );
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
