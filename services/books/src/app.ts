import type { Express } from 'express';
import {
  addErrorHandlers,
  createApiDocument,
  createHttpApp,
  NotFoundError,
  registerRoutes,
  undecodableIdHandler,
  type ApiDocument,
  type IdempotencyStore,
  textTooManyRequests,
  type Logger,
  type Throttle,
} from '@repo/common';
import type { BooksRepository } from './data/books-repository.js';
import { renderError } from './http/errors.js';
import { bookRoutes, TOKEN_SCHEME } from './routes/books-routes.js';

export interface AppDeps {
  books: BooksRepository;
  /** The shared secret (BOOKS_TOKEN) required by POST, PATCH and DELETE. */
  token: string;
  /** The Idempotency-Keys of `POST /books`, in memory like the books. */
  idempotency: IdempotencyStore;
  logger: Logger;
  /** The limits `runService` opened (see `Throttle`); an app built without them is not limited. */
  throttle?: Throttle;
}

/** The books service of its README. It only builds; `runService` listens. */
export function createApp(deps: AppDeps): Express {
  // JSON is parsed by each route, after the token check, not for the whole app.
  const app = createHttpApp({ logger: deps.logger, throttle: deps.throttle, json: false });
  registerRoutes(app, bookRoutes, deps);
  // An id whose percent-encoding is broken names no book either (docs/error-answers.md).
  app.use(undecodableIdHandler('/books/', () => new NotFoundError(), new Set(['GET', 'HEAD'])));
  addErrorHandlers(app, { logger: deps.logger, renderError });
  return app;
}

/** The same routes as OpenAPI 3.1. */
export function apiDocument(): ApiDocument {
  return createApiDocument({
    service: 'books',
    version: '1.0.0',
    summary:
      'A catalog of books under `/books`, kept in memory and lost on restart. Reading is open; creating, changing and deleting need the shared token.',
    routes: bookRoutes,
    bearerSchemes: {
      [TOKEN_SCHEME]: {
        description:
          'The shared secret (BOOKS_TOKEN) as `Bearer <token>`: the second space-separated part of the header must equal it.',
      },
    },
    tooManyRequests: textTooManyRequests,
  });
}
