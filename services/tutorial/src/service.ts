import type { ServiceDefinition } from '@repo/common';
import { loadConfig, type Config } from './config.js';
import { apiDocument, createApp, type AppDeps } from './app.js';

/** The tutorial routes: nothing to connect, so the app is ready as soon as it is built. */
export const service: ServiceDefinition<Config, AppDeps> = {
  name: 'tutorial',
  loadConfig,
  connect: (_config, logger, throttle) => Promise.resolve({ deps: { logger, throttle } }),
  createApp,
  apiDocument,
};
