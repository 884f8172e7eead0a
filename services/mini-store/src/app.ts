import type { Express } from 'express';
import {
  cannotRouteHandler,
  createErrorHandler,
  createHttpApp,
  DEFAULT_BODY_LIMIT,
  type Logger,
} from '@repo/common';
import type { ProductsRepository } from './data/products-repository.js';
import { renderError } from './http/errors.js';
import { registerProductRoutes } from './routes/products-routes.js';

export type { ProductsRepository } from './data/products-repository.js';
export { createProductsRepository } from './data/products-repository.js';

export interface AppDependencies {
  products: ProductsRepository;
  logger: Logger;
  /** Largest accepted JSON body; larger ones get 413. */
  bodyLimit?: string;
}

/** The mini-store HTTP app (spec document 3, part B). Builds only; listening is main.ts's job. */
export function createApp({
  products,
  logger,
  bodyLimit = DEFAULT_BODY_LIMIT,
}: AppDependencies): Express {
  const app = createHttpApp({ logger, bodyLimit });
  registerProductRoutes(app, products);
  app.use(cannotRouteHandler());
  app.use(createErrorHandler({ logger, render: renderError }));
  return app;
}
