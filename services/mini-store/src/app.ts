import type { Express } from 'express';
import { addErrorHandlers, createHttpApp, type Logger } from '@repo/common';
import type { ProductsRepository } from './data/products-repository.js';
import { renderError } from './http/errors.js';
import { registerProductRoutes } from './routes/products-routes.js';

export interface AppDeps {
  products: ProductsRepository;
  logger: Logger;
}

/** The mini-store HTTP app (spec document 3, part B). It only builds; `runService` listens. */
export function createApp(deps: AppDeps): Express {
  // Bodies are parsed by the two routes that take one, each with its own guard (the routes).
  const app = createHttpApp({ logger: deps.logger, json: false });
  registerProductRoutes(app, deps);
  addErrorHandlers(app, { logger: deps.logger, renderError });
  return app;
}
