import { connectMongo, pingMongo, runService } from '@repo/common';
import { createApp } from './app.js';
import { loadMiniStoreConfig } from './config.js';
import { createProductsRepository } from './data/products-repository.js';

await runService({
  name: 'mini-store',
  loadConfig: () => loadMiniStoreConfig(),
  start: async (config, logger) => {
    // Connected before the port opens: the spec asks for the database first, then listening.
    const client = await connectMongo(config.MONGODB_URI, { logger });
    const products = createProductsRepository(client.db(config.MONGODB_DB));
    return {
      app: createApp({ products, logger }),
      isReady: () => pingMongo(client),
      close: () => client.close(),
    };
  },
});
