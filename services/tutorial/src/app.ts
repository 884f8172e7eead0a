import type { Express } from 'express';
import { addErrorHandlers, createHttpApp, type Logger } from '@repo/common';
import { renderError } from './http/errors.js';
import { registerEchoRoutes } from './routes/echo-routes.js';
import { registerFormRoutes } from './routes/form-routes.js';
import { registerPathRoutes } from './routes/path-routes.js';
import { registerSearchRoutes } from './routes/search-routes.js';
import { registerTrackRoutes } from './routes/tracks-routes.js';

export interface AppDeps {
  logger: Logger;
  /** The time stamped on an added track; the real time unless a test fixes it. */
  clock?: () => Date;
}

/** The tutorial routes (spec document 3, part A). It only builds; `runService` listens. */
export function createApp(deps: AppDeps): Express {
  // JSON and URL-encoded bodies are both parsed before any route (spec part A, rule 2).
  const app = createHttpApp({ logger: deps.logger, urlencoded: true, securityHeaders: 'document' });

  // Routes go on the app itself, not on a mounted Router: a Router answers an unmatched OPTIONS
  // with its own 200, and the spec wants 404 for every unmatched method and path.
  registerPathRoutes(app);
  registerSearchRoutes(app);
  registerFormRoutes(app);
  registerTrackRoutes(app, deps);
  registerEchoRoutes(app);

  addErrorHandlers(app, { logger: deps.logger, renderError });
  return app;
}
