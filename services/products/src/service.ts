import { connectMongo, pingMongo, type ServiceDefinition } from '@repo/common';
import { createApp } from './app.js';
import { loadProductsConfig, type ProductsConfig } from './config.js';

/**
 * The products service as `runService` runs it: read the configuration, connect to MongoDB, build
 * the app. `runService` opens the port only after `start` has returned, so the database
 * connection always exists first (spec: established before the port is opened).
 */
export function productsService(
  loadConfig: () => ProductsConfig = () => loadProductsConfig(),
): ServiceDefinition<ProductsConfig> {
  return {
    name: 'products',
    loadConfig,
    start: async (config, logger) => {
      const client = await connectMongo(config.MONGODB_URI, { logger });
      const app = createApp({
        db: client.db(config.MONGODB_DB),
        logger,
        lowStockThreshold: config.LOW_STOCK_THRESHOLD,
      });
      return { app, isReady: () => pingMongo(client), close: () => client.close() };
    },
  };
}
