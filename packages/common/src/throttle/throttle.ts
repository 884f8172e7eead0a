import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  authFailureGuard,
  type AuthFailureGuard,
  type FailureWindow,
} from './auth-failure-guard.js';
import { clientKey } from './client-key.js';
import type { ThrottleConfig, TrustProxy } from './throttle-config.js';
import { REQUEST_LIMIT_MESSAGE, TooManyRequestsError } from './too-many-requests.js';

export class RateLimitStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RateLimitStoreError';
  }
}

/** The limits of one app, built once per process from `ThrottleConfig` (docs/configuration.md). */
export interface Throttle {
  /** Express's `trust proxy` setting, which decides the client address the limits count. */
  trustProxy: TrustProxy;
  /** The per-client limit on every request of the app. */
  requests: RequestHandler;
  /** The per-client limit on failed token checks, used by `requireBearerToken`; off when unset. */
  authFailures: AuthFailureGuard | undefined;
  /** Releases the shared store's connection, if any. */
  close: () => Promise<void>;
}

export interface ThrottleOptions {
  /** Keeps the service's counts apart from other services' in a shared store. */
  service: string;
  logger: Logger;
}

/** Where the request limit counts, when not in memory, and whether that store is known down. */
interface SharedStore {
  store: Store;
  storeDown: () => boolean;
}

/**
 * The per-client limit on every request (express-rate-limit): each answer carries the IETF
 * `RateLimit-Policy` and `RateLimit` headers (draft 8), and a client over the limit gets
 * `Retry-After` and a 429 that the service's error handler renders. When the store fails,
 * requests pass unlimited rather than fail; its loss is logged once, elsewhere.
 */
function requestLimit(config: ThrottleConfig, logger: Logger, shared?: SharedStore) {
  const warn = (error: unknown, message?: string): void => {
    if (shared?.storeDown() !== true) logger.warn({ err: error }, message ?? 'request limit');
  };
  return rateLimit({
    windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    limit: config.RATE_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: clientKey,
    handler: (_req, _res, next) => next(new TooManyRequestsError(REQUEST_LIMIT_MESSAGE)),
    passOnStoreError: true,
    logger: { warn, error: warn },
    ...(shared === undefined ? {} : { store: shared.store }),
  });
}

function throttleOf(
  config: ThrottleConfig,
  logger: Logger,
  failureCounter: RateLimiterAbstract | undefined,
  shared?: SharedStore,
): Throttle {
  const limit = config.AUTH_FAILURE_LIMIT;
  return {
    trustProxy: config.TRUST_PROXY,
    requests: requestLimit(config, logger, shared),
    authFailures:
      failureCounter === undefined || limit === undefined
        ? undefined
        : authFailureGuard(failureCounter, limit, logger),
    close: () => Promise.resolve(),
  };
}

/** The window of failed token checks, when `AUTH_FAILURE_LIMIT` turns that limit on. */
function failureWindow(config: ThrottleConfig): FailureWindow | undefined {
  const points = config.AUTH_FAILURE_LIMIT;
  return points === undefined
    ? undefined
    : { points, duration: config.AUTH_FAILURE_WINDOW_SECONDS };
}

/** The limits with their counts in this process's memory. */
export function memoryThrottle(config: ThrottleConfig, { logger }: ThrottleOptions): Throttle {
  const window = failureWindow(config);
  const counter = window === undefined ? undefined : new RateLimiterMemory(window);
  return throttleOf(config, logger, counter);
}

/**
 * The limits of a service: with `RATE_LIMIT_REDIS_URL`, counted in Redis over one connection, so
 * every replica shares each client's counts; in memory otherwise. The Redis client is loaded
 * only then, sparing every other process its start-up cost.
 */
export async function openThrottle(
  config: ThrottleConfig,
  options: ThrottleOptions,
): Promise<Throttle> {
  const url = config.RATE_LIMIT_REDIS_URL;
  if (url === undefined) return memoryThrottle(config, options);
  const { service, logger } = options;
  const { openRedisCounters } = await import('./redis-connection.js');
  const redis = await openRedisCounters(
    url,
    `rate-limit:${service}:`,
    failureWindow(config),
    logger,
  );
  return { ...throttleOf(config, logger, redis.failureCounter, redis), close: redis.close };
}
