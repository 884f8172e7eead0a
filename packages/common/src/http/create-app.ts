import express, {
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { Logger } from 'pino';
import { assignRequestId } from '../observability/request-id.js';
import { weakEtag } from './etag.js';
import { BODY_LIMIT, guardedJsonParser, hasBody } from './json-body.js';
import type { JsonGuardOptions } from './json-guard.js';
import { startRequestLog } from './request-logger.js';
import {
  applySecurityHeaders,
  securityHeadersFor,
  type SecurityHeadersProfile,
} from './security-headers.js';

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
}

/** Runs the parsers one after another, stopping at the first error, as separate app.use calls would. */
function runParsers(
  parsers: readonly RequestHandler[],
  req: Request,
  res: Response,
  next: NextFunction,
): void {
  let index = 0;
  const step = (error?: unknown): void => {
    const parser = parsers[index];
    index += 1;
    if (error !== undefined || parser === undefined) next(error);
    else void parser(req, res, step);
  };
  step();
}

/**
 * The Express app every service starts from: no `x-powered-by`, a request id (`X-Request-Id`, see
 * `readRequestId`), security headers, one log line per request, body parsing with a size limit (`BODY_LIMIT`) and the JSON guard (`guardJsonBody`), and a cheap weak ETag (see `weakEtag`). Routes, the 404
 * and the error handler are the service's own and are added after this.
 *
 * All of that runs as ONE middleware, in that order (request id, log, helmet's headers, parsers): each extra
 * layer costs a pass through the router for every request, and helmet's headers are constants
 * worked out once. A request without a body skips the parsers, as body-parser itself would;
 * `req.body` then reads undefined, as it does after body-parser (which would also add the property:
 * adding a property to every request changes its shape and costs more than it is worth).
 */
export function createHttpApp({
  logger,
  json = true,
  jsonGuard = {},
  urlencoded = false,
  securityHeaders: profile = 'api',
}: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', weakEtag);
  const startLog = startRequestLog(logger);
  const securityHeaders = securityHeadersFor(profile);
  const parsers: RequestHandler[] = [];
  if (json) parsers.push(guardedJsonParser(jsonGuard));
  if (urlencoded) parsers.push(express.urlencoded({ extended: false, limit: BODY_LIMIT }));

  app.use(function prepareRequest(req, res, next) {
    startLog(req, res, assignRequestId(req, res));
    applySecurityHeaders(res, securityHeaders);
    if (parsers.length === 0 || !hasBody(req)) next();
    else runParsers(parsers, req, res, next);
  });
  return app;
}
