import { runService } from '@repo/common';
import { createApp } from './app.js';
import { loadBooksConfig } from './config.js';
import { createInMemoryBookRepository } from './data/books-repository.js';

await runService({
  name: 'books',
  loadConfig: () => loadBooksConfig(),
  secrets: ['BOOKS_TOKEN'],
  start: async (config, logger) => ({
    app: createApp({
      books: createInMemoryBookRepository(),
      token: config.BOOKS_TOKEN,
      logger,
    }),
  }),
});
