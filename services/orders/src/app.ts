import { createErrorHandler, createHttpApp, type Logger } from '@repo/common';
import type { Express } from 'express';
import type { MenuRepository } from './data/menu-repository.js';
import type { OrdersRepository } from './data/orders-repository.js';
import { pageNotFound, renderOrdersError } from './http/error-responses.js';
import { registerMenuRoutes } from './routes/menu-routes.js';
import { registerOrderRoutes } from './routes/orders-routes.js';

export interface OrdersAppDeps {
  menu: MenuRepository;
  orders: OrdersRepository;
  logger: Logger;
  customerToken: string;
  staffToken: string;
  /** The time an order is placed; tests pass a fixed clock. */
  clock?: () => Date;
  /** Largest accepted request body (default 100kb); larger ones get 413. */
  bodyLimit?: string;
}

export { createMenuRepository, type MenuRepository } from './data/menu-repository.js';
export { createOrdersRepository, type OrdersRepository } from './data/orders-repository.js';
export { seedDefaultMenu } from './domain/seed-menu.js';
export { DEFAULT_MENU } from './domain/default-menu.js';

/**
 * The orders app, in the order the spec lays it out: JSON parsing for the whole app, `/menu` and
 * `/orders`, then the catch-all 404, then the error handler. The `/menu` and `/orders` routes go
 * on the app with their full paths rather than on mounted Routers: the same URLs without a second
 * routing pass per request, and an `OPTIONS` request gets the catch-all 404 like any other
 * unmatched method (a mounted Router would answer it with 200 and `Allow`).
 */
export function createApp(deps: OrdersAppDeps): Express {
  const { logger, clock = () => new Date() } = deps;
  const app = createHttpApp({ logger, ...(deps.bodyLimit ? { bodyLimit: deps.bodyLimit } : {}) });

  registerMenuRoutes(app, deps.menu);
  registerOrderRoutes(app, {
    menu: deps.menu,
    orders: deps.orders,
    clock,
    customerToken: deps.customerToken,
    staffToken: deps.staffToken,
  });
  app.use(pageNotFound());
  app.use(createErrorHandler({ logger, render: renderOrdersError }));
  return app;
}
