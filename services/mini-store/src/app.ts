import type { Express } from 'express';
import {
  addErrorHandlers,
  createApiDocument,
  createHttpApp,
  registerRoutes,
  type ApiDocument,
  type IdempotencyStore,
  jsonErrorTooManyRequests,
  type Logger,
  type Throttle,
} from '@repo/common';
import { mongoDatabaseErrors } from '@repo/common/mongo';
import type { ProductsRepository } from './data/products-repository.js';
import { renderError } from './http/errors.js';
import { productRoutes } from './routes/products-routes.js';

export interface AppDeps {
  products: ProductsRepository;
  /** The Idempotency-Keys of `POST /products`. */
  idempotency: IdempotencyStore;
  logger: Logger;
  /** The limits `runService` opened (see `Throttle`); an app built without them is not limited. */
  throttle?: Throttle;
}

/** The mini-store of its README. It only builds; `runService` listens. */
export function createApp(deps: AppDeps): Express {
  // Bodies are parsed by the two routes that take one, each with its own guard (the routes).
  const app = createHttpApp({ logger: deps.logger, throttle: deps.throttle, json: false });
  registerRoutes(app, productRoutes, deps);
  addErrorHandlers(app, {
    logger: deps.logger,
    renderError,
    databaseErrors: mongoDatabaseErrors,
  });
  return app;
}

/** The same routes as OpenAPI 3.1. */
export function apiDocument(): ApiDocument {
  return createApiDocument({
    service: 'mini-store',
    version: '1.0.0',
    summary: 'A minimal product store under `/products`, stored in MongoDB.',
    routes: productRoutes,
    tooManyRequests: jsonErrorTooManyRequests,
  });
}
