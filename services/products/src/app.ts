import type { Express } from 'express';
import {
  addErrorHandlers,
  createApiDocument,
  createHttpApp,
  registerRoutes,
  undecodableIdHandler,
  type ApiDocument,
  type IdempotencyStore,
  jsonErrorTooManyRequests,
  type Logger,
  type Throttle,
} from '@repo/common';
import { mongoDatabaseErrors } from '@repo/common/mongo';
import type { OrdersRepository } from './data/orders-repository.js';
import type { ProductsRepository } from './data/products-repository.js';
import { orderNotFound, productNotFound, renderError } from './http/errors.js';
import { badCustomerId } from './http/order-schemas.js';
import { orderRoutes } from './routes/orders-routes.js';
import { productRoutes } from './routes/products-routes.js';

export interface AppDeps {
  products: ProductsRepository;
  orders: OrdersRepository;
  clock: () => Date;
  /** Products whose quantity is below this are listed by `?lowStock=true`. */
  lowStockThreshold: number;
  /** The Idempotency-Keys of the POST routes. */
  idempotency: IdempotencyStore;
  logger: Logger;
  /** The limits `runService` opened (see `Throttle`); an app built without them is not limited. */
  throttle?: Throttle;
}

const routes = [...productRoutes, ...orderRoutes];

/** The products service of its README. It only builds; `runService` listens. */
export function createApp(deps: AppDeps): Express {
  // Bodies are parsed only by the routes that take one, so any unmatched request, body or not,
  // gets the plain `Cannot <METHOD> <path>` 404.
  const app = createHttpApp({ logger: deps.logger, throttle: deps.throttle, json: false });
  registerRoutes(app, routes, deps);
  app.use(undecodableIdHandler('/products/', productNotFound));
  app.use(undecodableIdHandler('/orders/', orderNotFound));
  app.use(undecodableIdHandler('/customers/', badCustomerId, new Set(['GET', 'HEAD', 'POST'])));
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
    service: 'products',
    version: '1.0.0',
    summary:
      "A JSON catalog of products under `/products`, stored in MongoDB, and customers' orders that take the products' stock (`/customers/{customerId}/orders`, `/orders/{id}`).",
    routes,
    tooManyRequests: jsonErrorTooManyRequests,
  });
}
