import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { BODY_LIMIT, guardedJsonParser } from './json-body.js';
import type { JsonGuardOptions } from './json-guard.js';
import { requestLogger } from './request-logger.js';
import { securityHeaders, type SecurityHeadersProfile } from './security-headers.js';
import type { Throttle } from '../throttle/throttle.js';

export type { SecurityHeadersProfile } from './security-headers.js';

export interface HttpAppOptions {
  logger: Logger;
  /** Parse JSON bodies for every route (the specs of all five services ask for it). */
  json?: boolean;
  /** What the guard every JSON body passes (`guardJsonBody`) also refuses or drops. */
  jsonGuard?: JsonGuardOptions;
  /** Also parse URL-encoded form bodies. */
  urlencoded?: boolean;
  /** `api` (the default) for JSON services, `document` for small HTML pages (see the profiles). */
  securityHeaders?: SecurityHeadersProfile;
  /**
   * The limits (`openThrottle`): its `trust proxy` setting and its per-client request limit, in
   * front of every route. Every service passes the one `runService` opened; an app built without
   * one (a test of something else) is not limited.
   */
  throttle?: Throttle | undefined;
}

/**
 * The Express app every service starts from: no `x-powered-by`, a request id (`X-Request-Id`, see
 * `readRequestId`), security headers, one log line per request, body parsing with a size limit (`BODY_LIMIT`) and the JSON guard (`guardJsonBody`), and Express's own weak ETag (its default). Routes, the 404
 * and the error handler are the service's own and are added after this.
 *
 * Each is a middleware of its own, in that order: pino-http (which gives the request its id, see
 * `requestLogger`), helmet() with the profile's options, the request limit (so a refused request
 * is logged and carries the same headers, and no body is read for it), then the body parsers.
 */
export function createHttpApp({
  logger,
  json = true,
  jsonGuard = {},
  urlencoded = false,
  securityHeaders: profile = 'api',
  throttle,
}: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLogger(logger));
  app.use(securityHeaders(profile));
  if (throttle !== undefined) {
    app.set('trust proxy', throttle.trustProxy);
    app.use(throttle.requests);
  }
  if (json) app.use(guardedJsonParser(jsonGuard));
  if (urlencoded) app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));
  return app;
}
