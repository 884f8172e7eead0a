import type { Express } from 'express';
import {
  addErrorHandlers,
  createApiDocument,
  createHttpApp,
  registerRoutes,
  taggedRoutes,
  type ApiDocument,
  textTooManyRequests,
  type Logger,
  type Throttle,
} from '@repo/common';
import { renderError } from './http/errors.js';
import { bodyRoutes } from './routes/body-routes.js';
import { textRoutes } from './routes/text-routes.js';

export interface AppDeps {
  logger: Logger;
  /** The limits `runService` opened (see `Throttle`); an app built without them is not limited. */
  throttle?: Throttle;
  /** The time stamped on an added track; the real time unless a test fixes it. */
  clock?: () => Date;
}

const routes = [
  ...taggedRoutes('path and query', textRoutes),
  ...taggedRoutes('request bodies', bodyRoutes),
];

/** The tutorial routes of its README. It only builds; `runService` listens. */
export function createApp(deps: AppDeps): Express {
  // JSON and URL-encoded bodies are both parsed before any route, so any route may read either.
  const app = createHttpApp({
    logger: deps.logger,
    throttle: deps.throttle,
    urlencoded: true,
    securityHeaders: 'document',
  });
  registerRoutes(app, routes, deps);
  addErrorHandlers(app, { logger: deps.logger, renderError });
  return app;
}

/** The same routes as OpenAPI 3.1. */
export function apiDocument(): ApiDocument {
  return createApiDocument({
    service: 'tutorial',
    version: '1.0.0',
    summary: 'Small tutorial routes that answer mostly in text, labelled HTML.',
    routes,
    tooManyRequests: textTooManyRequests,
  });
}
