import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { clientKey } from './client-key.js';
import { REQUEST_LIMIT_MESSAGE, TooManyRequestsError } from './too-many-requests.js';

export interface RequestLimitOptions {
  /** Requests one client may make per window. */
  limit: number;
  windowSeconds: number;
  /** Where the counts live; express-rate-limit's memory store when absent. */
  store?: Store;
  logger: Logger;
  /** True while the store is known to be unreachable (its loss is logged once, elsewhere). */
  storeDown?: () => boolean;
}

/**
 * The per-client limit on every request of an app (express-rate-limit): each answer carries the
 * IETF `RateLimit-Policy` and `RateLimit` headers (draft 8, the library's current one), and a
 * client over the limit gets `Retry-After` and a 429 that the service's error handler renders
 * in its own body. When the store fails, requests pass unlimited rather than fail.
 */
export function requestLimit({
  limit,
  windowSeconds,
  store,
  logger,
  storeDown = () => false,
}: RequestLimitOptions): RequestHandler {
  const warn = (error: unknown, message?: string): void => {
    if (!storeDown()) logger.warn({ err: error }, message ?? 'request limit');
  };
  return rateLimit({
    windowMs: windowSeconds * 1000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: clientKey,
    handler: (_req, _res, next) => next(new TooManyRequestsError(REQUEST_LIMIT_MESSAGE)),
    passOnStoreError: true,
    logger: { warn, error: warn },
    ...(store === undefined ? {} : { store }),
  });
}
