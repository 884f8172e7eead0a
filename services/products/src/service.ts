import { startWithMongo, type ServiceDefinition } from '@repo/common';
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
    start: (config, logger) =>
      startWithMongo(config, logger, (db) =>
        createApp({ db, logger, lowStockThreshold: config.LOW_STOCK_THRESHOLD }),
      ),
  };
}
