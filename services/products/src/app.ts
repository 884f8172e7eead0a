import type { Express } from 'express';
import type { Db } from 'mongodb';
import {
  cannotRouteHandler,
  createErrorHandler,
  createHttpApp,
  DEFAULT_BODY_LIMIT,
  jsonErrorRenderer,
  type Logger,
} from '@repo/common';
import { DEFAULT_LOW_STOCK_THRESHOLD } from './config.js';
import { ProductsRepository } from './data/products-repository.js';
import { registerProductRoutes } from './routes/products.js';

export interface ProductsAppDeps {
  db: Db;
  logger: Logger;
  /** Products whose quantity is below this are listed by `?lowStock=true`. */
  lowStockThreshold?: number;
  /** Largest accepted request body (POST, PATCH); larger ones get 413. */
  bodyLimit?: string;
}

export function createApp({
  db,
  logger,
  lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD,
  bodyLimit = DEFAULT_BODY_LIMIT,
}: ProductsAppDeps): Express {
  // Bodies are parsed only by the routes that take one, so any unmatched request, body or not,
  // gets the plain `Cannot <METHOD> <path>` 404.
  const app = createHttpApp({ logger, json: false });
  const products = new ProductsRepository(db);
  registerProductRoutes(app, { products, logger, lowStockThreshold, bodyLimit });
  app.use(cannotRouteHandler());
  app.use(createErrorHandler({ logger, render: jsonErrorRenderer('Something went wrong') }));
  return app;
}
