import type { Db } from 'mongodb';
import { connectWithMongo, type Logger, type ServiceDefinition } from '@repo/common';
import { createApp, type AppDeps } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createProductsRepository } from './data/products-repository.js';
import { apiDocument } from './http/api-document.js';

/** What the app is built from once MongoDB is connected. */
function depsOver(db: Db, config: Config, logger: Logger): AppDeps {
  return {
    products: createProductsRepository(db),
    lowStockThreshold: config.LOW_STOCK_THRESHOLD,
    logger,
  };
}

/**
 * The products service as `runService` runs it. The port opens only after `connect` has returned,
 * so the database connection always exists first (spec: established before the port is opened).
 */
export const service: ServiceDefinition<Config, AppDeps> = {
  name: 'products',
  loadConfig,
  connect: (config, logger) =>
    connectWithMongo(config, logger, (db) => depsOver(db, config, logger)),
  createApp,
  apiDocument,
};
