import {
  startWithMongo,
  type Logger,
  type ServiceDefinition,
  type ServiceParts,
} from '@repo/common';
import { createApp } from './app.js';
import { loadMiniStoreConfig, type MiniStoreConfig } from './config.js';
import { createProductsRepository } from './data/products-repository.js';

/** Connects MongoDB and builds the app; the runner opens the port only after this resolves. */
export function startMiniStore(config: MiniStoreConfig, logger: Logger): Promise<ServiceParts> {
  return startWithMongo(config, logger, (db) =>
    createApp({ products: createProductsRepository(db), logger }),
  );
}

/** What `runService` needs to run the mini-store; tests run it with their own configuration. */
export const miniStoreService: ServiceDefinition<MiniStoreConfig> = {
  name: 'mini-store',
  loadConfig: () => loadMiniStoreConfig(),
  start: startMiniStore,
};
