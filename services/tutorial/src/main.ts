import { runService } from '@repo/common';
import { createApp } from './app.js';
import { loadTutorialConfig } from './config.js';

await runService({
  name: 'tutorial',
  loadConfig: () => loadTutorialConfig(),
  // No database or other dependency: the app is ready as soon as it is built.
  start: async (_config, logger) => ({ app: createApp({ logger }) }),
});
