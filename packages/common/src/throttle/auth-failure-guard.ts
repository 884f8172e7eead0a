import type { Request } from 'express';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientKey } from './client-key.js';

/**
 * Failed token checks per client (rate-limiter-flexible, as its docs show for login
 * protection): a client that failed `limit` times is refused until the window ends, whatever it
 * presents. Only failures count, so correct requests never trip it.
 */
export interface AuthFailureGuard {
  /** Whole seconds until the request's client may try again; undefined when it may now. */
  blockedFor(req: Request): Promise<number | undefined>;
  failed(req: Request): Promise<void>;
}

/** How many failed token checks (`points`) a client may make per `duration` seconds. */
export interface FailureWindow {
  points: number;
  duration: number;
}

/**
 * When the counter's store fails (Redis gone) requests go on to the token check, which still
 * refuses a wrong token: the store is a brake on guessing, not the check itself.
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
