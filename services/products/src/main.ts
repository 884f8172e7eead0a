import { connectMongo, pingMongo, runService } from '@repo/common';
import { createApp } from './app.js';
import { loadProductsConfig } from './config.js';

await runService({
  name: 'products',
  loadConfig: () => loadProductsConfig(),
  start: async (config, logger) => {
    // Connected before runService opens the port (spec: "established before the port is opened").
    const client = await connectMongo(config.MONGODB_URI, { logger });
    const app = createApp({
      db: client.db(config.MONGODB_DB),
      logger,
      lowStockThreshold: config.LOW_STOCK_THRESHOLD,
    });
    return { app, isReady: () => pingMongo(client), close: () => client.close() };
  },
});
