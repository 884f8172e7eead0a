import type { Request } from 'express';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientKey } from './client-key.js';

/**
 * Counts failed token checks per client (rate-limiter-flexible's counter, the pattern its docs
 * give for login protection): a client that failed `limit` times in the window is refused until
 * the window ends, whatever it presents; other clients are not touched. Only failures count, so
 * any number of correct requests, concurrent or not, never trips it.
 */
export interface AuthFailureGuard {
  /** Whole seconds until the request's client may try again; undefined when it may now. */
  blockedFor(req: Request): Promise<number | undefined>;
  /** Counts one failed token check of the request's client. */
  failed(req: Request): Promise<void>;
}

/**
 * The guard over a counter whose `points` is the failure limit. When the counter's store fails
 * (Redis gone) the guard lets requests through to the token check, which still refuses a wrong
 * token: the store is a brake on guessing, not the check itself.
 */
export function authFailureGuard(
  counter: RateLimiterAbstract,
  limit: number,
  logger: Logger,
): AuthFailureGuard {
  const storeFailed = (error: unknown): undefined => {
    logger.warn({ err: error }, 'failed-authentication counter unavailable; not counting');
    return undefined;
  };
  return {
    blockedFor: async (req) => {
      const counted = await counter.get(clientKey(req)).catch(storeFailed);
      if (counted === null || counted === undefined || counted.consumedPoints < limit) {
        return undefined;
      }
      return Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
    },
    failed: async (req) => {
      // `consume` rejects with the counter's state once the limit is passed (concurrent
      // failures); only an Error is the store failing.
      await counter.consume(clientKey(req)).catch((rejection: unknown) => {
        if (rejection instanceof Error) storeFailed(rejection);
      });
    },
  };
}
