import type { Express } from 'express';
import {
  DEFAULT_BODY_LIMIT,
  cannotRouteHandler,
  createErrorHandler,
  createHttpApp,
  type Logger,
} from '@repo/common';
import type { BookRepository } from './data/books-repository.js';
import { booksErrorRenderer } from './http/error-renderer.js';
import { registerBookRoutes } from './routes/books.js';

export { createInMemoryBookRepository } from './data/books-repository.js';
export type { BookRepository, InMemoryBookRepositoryOptions } from './data/books-repository.js';
export { BookStatus, type Book } from './domain/book.js';

export interface BooksAppDependencies {
  books: BookRepository;
  /** The shared secret (BOOKS_TOKEN) required by POST, PATCH and DELETE. */
  token: string;
  logger: Logger;
  /** Largest JSON body accepted; defaults to 100kb. */
  bodyLimit?: string;
}

export function createApp({
  books,
  token,
  logger,
  bodyLimit = DEFAULT_BODY_LIMIT,
}: BooksAppDependencies): Express {
  // JSON is parsed by each route, after the token check, not for the whole app.
  const app = createHttpApp({ logger, json: false });
  registerBookRoutes(app, { books, token, bodyLimit });
  app.use(cannotRouteHandler());
  // Four-parameter error handler, registered after the books routes and the 404.
  app.use(createErrorHandler({ logger, render: booksErrorRenderer }));
  return app;
}
