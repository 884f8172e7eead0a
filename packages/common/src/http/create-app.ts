import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { refusingDeclaredOversize } from './declared-length.js';
import { BODY_LIMIT, guardedJsonParser } from './json-body.js';
import { requestLogger } from './request-logger.js';
import { helmetOptionsFor, type SecurityHeadersProfile } from './security-headers.js';
import type { Throttle } from '../throttle/throttle.js';

export type { SecurityHeadersProfile } from './security-headers.js';

export interface HttpAppOptions {
  logger: Logger;
  /** Parse JSON bodies for every route. */
  json?: boolean;
  /** Also parse URL-encoded form bodies. */
  urlencoded?: boolean;
  securityHeaders?: SecurityHeadersProfile;
  /** The limits `runService` opened; an app built without them (a test) is not limited. */
  throttle?: Throttle | undefined;
}

/**
 * The Express app every service starts from, before its routes, 404 and error handler, with one
 * middleware each, in this order (README, what every service does on every response): the
 * request log, which gives the request its id; helmet(); the request limit, so a refused request
 * is logged and carries the same headers and no body is read for it; the body parsers with the
 * size limit and the JSON guard. No `x-powered-by`; Express's own weak ETag.
 */
export function createHttpApp({
  logger,
  json = true,
  urlencoded = false,
  securityHeaders: profile = 'api',
  throttle,
}: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLogger(logger));
  app.use(helmet(helmetOptionsFor(profile)));
  if (throttle !== undefined) {
    app.set('trust proxy', throttle.trustProxy);
    app.use(throttle.requests);
  }
  if (json) app.use(guardedJsonParser());
  if (urlencoded) {
    const form = express.urlencoded({ extended: false, limit: BODY_LIMIT });
    app.use(refusingDeclaredOversize('application/x-www-form-urlencoded', form));
  }
  return app;
}
