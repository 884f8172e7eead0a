import { createMemoryIdempotencyStore, type ServiceDefinition } from '@repo/common';
import { apiDocument, createApp, type AppDeps } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createBooksRepository } from './data/books-repository.js';

/** Its store lives in memory (lost on restart, as its README says): ready as soon as it listens. */
export const service: ServiceDefinition<Config, AppDeps> = {
  name: 'books',
  loadConfig,
  secrets: ['BOOKS_TOKEN'],
  connect(config, logger, throttle) {
    const books = createBooksRepository();
    const idempotency = createMemoryIdempotencyStore({
      ttlSeconds: config.IDEMPOTENCY_TTL_SECONDS,
    });
    return Promise.resolve({
      deps: { books, token: config.BOOKS_TOKEN, idempotency, logger, throttle },
    });
  },
  createApp,
  apiDocument,
};
