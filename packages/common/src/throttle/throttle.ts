import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { RedisStore } from 'rate-limit-redis';
import { authFailureGuard, type AuthFailureGuard } from './auth-failure-guard.js';
import { connectRedis } from './redis-connection.js';
import { requestLimit } from './request-limit.js';
import type { ThrottleConfig, TrustProxy } from './throttle-config.js';

/** The limits of one app, built once per process from `ThrottleConfig` (docs/configuration.md). */
export interface Throttle {
  /** Express's `trust proxy` setting, which decides the client address the limits count. */
  trustProxy: TrustProxy;
  /** The per-client limit on every request of the app. */
  requests: RequestHandler;
  /** The per-client limit on failed token checks, used by `requireBearerToken`. */
  authFailures: AuthFailureGuard;
  /** Releases the shared store's connection, if any. */
  close: () => Promise<void>;
}

export interface ThrottleOptions {
  /** The service's name, which keeps its counts apart from other services' in a shared store. */
  service: string;
  logger: Logger;
}

/** The limits with their counts in this process's memory. */
export function memoryThrottle(config: ThrottleConfig, { logger }: ThrottleOptions): Throttle {
  return {
    trustProxy: config.TRUST_PROXY,
    requests: requestLimit({
      limit: config.RATE_LIMIT,
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
      logger,
    }),
    authFailures: authFailureGuard(
      new RateLimiterMemory({
        points: config.AUTH_FAILURE_LIMIT,
        duration: config.AUTH_FAILURE_WINDOW_SECONDS,
      }),
      config.AUTH_FAILURE_LIMIT,
      logger,
    ),
    close: () => Promise.resolve(),
  };
}

/**
 * The limits of a service: with `RATE_LIMIT_REDIS_URL`, counted in Redis, so every replica
 * shares each client's counts (rate-limit-redis for the request limit, rate-limiter-flexible's
 * Redis counter for failed token checks, over one connection); in memory otherwise.
 */
export async function openThrottle(
  config: ThrottleConfig,
  options: ThrottleOptions,
): Promise<Throttle> {
  const url = config.RATE_LIMIT_REDIS_URL;
  if (url === undefined) return memoryThrottle(config, options);
  const { service, logger } = options;
  const redis = await connectRedis(url, logger);
  const prefix = `rate-limit:${service}:`;
  return {
    trustProxy: config.TRUST_PROXY,
    requests: requestLimit({
      limit: config.RATE_LIMIT,
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
      store: new RedisStore({
        sendCommand: (...args: string[]) => redis.client.sendCommand(args),
        prefix: `${prefix}requests:`,
      }),
      logger,
      storeDown: redis.isDown,
    }),
    authFailures: authFailureGuard(
      new RateLimiterRedis({
        storeClient: redis.client,
        useRedisPackage: true,
        keyPrefix: `${prefix}auth-failures`,
        points: config.AUTH_FAILURE_LIMIT,
        duration: config.AUTH_FAILURE_WINDOW_SECONDS,
      }),
      config.AUTH_FAILURE_LIMIT,
      logger,
    ),
    close: redis.close,
  };
}
