import { addErrorHandlers, createHttpApp, type Logger } from '@repo/common';
import type { Express } from 'express';
import type { MenuRepository } from './data/menu-repository.js';
import type { OrdersRepository } from './data/orders-repository.js';
import { pageNotFound, renderError } from './http/errors.js';
import { registerMenuRoutes } from './routes/menu-routes.js';
import { registerOrderRoutes } from './routes/orders-routes.js';

export interface AppDeps {
  menu: MenuRepository;
  orders: OrdersRepository;
  logger: Logger;
  customerToken: string;
  staffToken: string;
  /** The time an order is placed (the current time by default); tests pass a fixed clock. */
  clock?: () => Date;
}

/**
 * The orders app (spec document 2, orders service), in the order the spec lays it out: JSON
 * parsing for the whole app, `/menu` and `/orders`, then the catch-all 404, then the error
 * handler. It only builds; `runService` listens. The routes go on the app with their full paths
 * rather than on mounted Routers: the same URLs without a second routing pass per request, and an
 * `OPTIONS` request gets the catch-all 404 like any other unmatched method (a mounted Router would
 * answer it with 200 and `Allow`).
 */
export function createApp(deps: AppDeps): Express {
  const app = createHttpApp({ logger: deps.logger });
  registerMenuRoutes(app, deps);
  registerOrderRoutes(app, deps);
  addErrorHandlers(app, { logger: deps.logger, renderError, notFound: pageNotFound });
  return app;
}
