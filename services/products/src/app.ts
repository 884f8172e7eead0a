import { addErrorHandlers, createHttpApp, type Logger } from '@repo/common';
import type { Express } from 'express';
import type { OrdersRepository } from './data/orders-repository.js';
import type { ProductsRepository } from './data/products-repository.js';
import { renderError } from './http/errors.js';
import { registerOrderRoutes } from './routes/orders-routes.js';
import { registerProductRoutes } from './routes/products-routes.js';

/** What the app is built from: `service.ts` builds it over MongoDB, the tests over a test database. */
export interface AppDeps {
  products: ProductsRepository;
  /** Customers' orders (rule 8), which take and give back the products' stock. */
  orders: OrdersRepository;
  /** The time orders are stamped with. */
  clock: () => Date;
  /** Products whose quantity is below this are listed by `?lowStock=true`. */
  lowStockThreshold: number;
  logger: Logger;
}

/** The products HTTP app (spec document 1). It only builds; `runService` listens. */
export function createApp(deps: AppDeps): Express {
  // Bodies are parsed only by the routes that take one, so any unmatched request, body or not,
  // gets the plain `Cannot <METHOD> <path>` 404.
  const app = createHttpApp({ logger: deps.logger, json: false });
  registerProductRoutes(app, deps);
  registerOrderRoutes(app, deps);
  addErrorHandlers(app, { logger: deps.logger, renderError });
  return app;
}
