import type { Express } from 'express';
import { addErrorHandlers, createHttpApp, type Logger } from '@repo/common';
import type { BooksRepository } from './data/books-repository.js';
import { renderError } from './http/errors.js';
import { registerBookRoutes } from './routes/books-routes.js';

export interface AppDeps {
  books: BooksRepository;
  /** The shared secret (BOOKS_TOKEN) required by POST, PATCH and DELETE. */
  token: string;
  logger: Logger;
}

/** The books HTTP app (spec document 2, books service). It only builds; `runService` listens. */
export function createApp(deps: AppDeps): Express {
  const { logger } = deps;
  // JSON is parsed by each route, after the token check, not for the whole app.
  const app = createHttpApp({ logger, json: false });
  registerBookRoutes(app, deps);
  addErrorHandlers(app, { logger, renderError });
  return app;
}
