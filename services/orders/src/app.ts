import type { Express } from 'express';
import { z } from 'zod';
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
import type { MenuRepository } from './data/menu-repository.js';
import type { OrdersRepository } from './data/orders-repository.js';
import {
  menuItemNotFound,
  orderNotFound,
  PAGE_NOT_FOUND_MESSAGE,
  pageNotFound,
  renderError,
} from './http/errors.js';
import { CUSTOMER_SCHEME, STAFF_SCHEME } from './http/responses.js';
import { menuRoutes } from './routes/menu-routes.js';
import { orderRoutes } from './routes/orders-routes.js';
import { orderEventRoutes } from './routes/order-events-routes.js';
import { pageRoutes } from './routes/page-routes.js';
import { pageFiles } from './pages/page-files.js';
import type { OrderStreams } from './events/order-streams.js';

export interface AppDeps {
  menu: MenuRepository;
  orders: OrdersRepository;
  idempotency: IdempotencyStore;
  logger: Logger;
  /** The limits `runService` opened (see `Throttle`); an app built without them is not limited. */
  throttle?: Throttle;
  customerToken: string;
  staffToken: string;
  /** The event streams of this instance. */
  streams: OrderStreams;
  /** The current time by default. */
  clock?: () => Date;
}

// The streams first: `/orders/events` would otherwise be read as an order id.
const routes = [...menuRoutes, ...orderEventRoutes, ...orderRoutes, ...pageRoutes];

/** The orders service of its README, with JSON parsed for the whole app. It only builds. */
export function createApp(deps: AppDeps): Express {
  // Read before the first request: a build without the pages' scripts does not start.
  pageFiles();
  const app = createHttpApp({ logger: deps.logger, throttle: deps.throttle });
  registerRoutes(app, routes, deps);
  // An id whose percent-encoding is broken names nothing either (docs/error-answers.md).
  app.use(undecodableIdHandler('/orders/', orderNotFound));
  app.use(undecodableIdHandler('/menu/', menuItemNotFound, new Set(['GET', 'HEAD'])));
  addErrorHandlers(app, {
    logger: deps.logger,
    renderError,
    notFound: pageNotFound,
    databaseErrors: mongoDatabaseErrors,
  });
  return app;
}

/** The same routes as OpenAPI 3.1. */
export function apiDocument(): ApiDocument {
  return createApiDocument({
    service: 'orders',
    version: '1.0.0',
    summary:
      'A pizza shop: a public menu under `/menu` and customer orders under `/orders`, stored in MongoDB.',
    routes,
    bearerSchemes: {
      [CUSTOMER_SCHEME]: {
        description:
          'The customer token (ORDERS_CUSTOMER_TOKEN), exactly as `Bearer <token>`: one space, nothing after it.',
      },
      [STAFF_SCHEME]: {
        description:
          'The staff token (ORDERS_STAFF_TOKEN), exactly as `Bearer <token>`: one space, nothing after it.',
      },
    },
    tooManyRequests: jsonErrorTooManyRequests,
    publishesEvents: true,
    unmatchedRoute: {
      description: 'Not Found: no route matches the method and path (the catch-all).',
      mediaType: 'application/json',
      schema: z.strictObject({ error: z.literal(PAGE_NOT_FOUND_MESSAGE) }),
      example: { error: PAGE_NOT_FOUND_MESSAGE },
    },
  });
}
