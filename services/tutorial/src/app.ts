import { cannotRouteHandler, createErrorHandler, createHttpApp, type Logger } from '@repo/common';
import type { Express } from 'express';
import { textErrorRenderer } from './http/text-error-renderer.js';
import { registerFormRoutes } from './routes/form-routes.js';
import { registerJsonRoutes } from './routes/json-routes.js';
import { registerTextRoutes } from './routes/text-routes.js';

export interface TutorialDependencies {
  logger: Logger;
  /** The time stamped on an added track. */
  clock?: () => Date;
}

export function createApp({ logger, clock = () => new Date() }: TutorialDependencies): Express {
  // JSON and URL-encoded bodies are both parsed before any route (spec part A, rule 2).
  const app = createHttpApp({ logger, urlencoded: true, securityHeaders: 'document' });

  // Routes go on the app itself, not on a mounted Router: a Router answers an unmatched OPTIONS
  // with its own 200, and the spec wants 404 for every unmatched method and path.
  registerTextRoutes(app);
  registerFormRoutes(app);
  registerJsonRoutes(app, clock);

  app.use(cannotRouteHandler());
  app.use(createErrorHandler({ logger, render: textErrorRenderer }));
  return app;
}
