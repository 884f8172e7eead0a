import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { requestLogger } from './request-logger.js';

export const DEFAULT_BODY_LIMIT = '100kb';

export interface HttpAppOptions {
  logger: Logger;
  /** Largest accepted request body; larger ones are answered 413. */
  bodyLimit?: string;
  /** Parse JSON bodies for every route (the specs of all five services ask for it). */
  json?: boolean;
  /** Also parse URL-encoded form bodies. */
  urlencoded?: boolean;
}

/**
 * The Express app every service starts from: no `x-powered-by`, security headers, one log line per
 * request, and body parsing with a size limit. Routes, the 404 and the error handler are the
 * service's own and are added after this.
 */
export function createHttpApp({
  logger,
  bodyLimit = DEFAULT_BODY_LIMIT,
  json = true,
  urlencoded = false,
}: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLogger(logger));
  app.use(helmet());
  if (json) app.use(express.json({ limit: bodyLimit }));
  if (urlencoded) app.use(express.urlencoded({ extended: false, limit: bodyLimit }));
  return app;
}
