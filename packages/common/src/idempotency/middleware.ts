import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { BadRequestError, HttpError } from '../errors/http-errors.js';
import { captureResponse, replayResponse } from './capture-response.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  isWellFormedKey,
  keyRecordId,
  MALFORMED_KEY_MESSAGE,
  requestFingerprint,
} from './key.js';
import type { IdempotencyStore } from './store.js';

/** Who sends a request: the same key from two callers is two keys. */
export type CallerOf = (req: Request) => string;

export const KEY_REUSED_MESSAGE =
  'Idempotency-Key was already used for a different request (method, path or body)';
export const KEY_IN_FLIGHT_MESSAGE =
  'A request with this Idempotency-Key is still being processed; retry later';

export interface IdempotencyMiddlewareOptions {
  store: IdempotencyStore;
  caller: CallerOf;
  /** Where a failure to store an answer is reported (the answer itself still goes out). */
  logger: Logger;
  clock?: () => Date;
}

/**
 * The Idempotency-Key handling of one route, after its body has been read. Without the header the
 * request goes straight on. With it: a malformed key is a 400; a first use claims the key, runs
 * the route and stores its answer (2xx and 4xx; a 5xx frees the key again); a repeat of the same
 * request gets the stored answer with `Idempotent-Replayed: true`; another request under the same
 * key is a 422, and a repeat while the first still runs a 409.
 */
export function idempotencyMiddleware({
  store,
  caller,
  logger,
  clock = () => new Date(),
}: IdempotencyMiddlewareOptions): RequestHandler {
  return (req, res, next) => {
    const key = req.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) {
      next();
      return;
    }
    if (typeof key !== 'string' || !isWellFormedKey(key)) {
      next(new BadRequestError(MALFORMED_KEY_MESSAGE));
      return;
    }
    const id = keyRecordId(caller(req), key);
    const fingerprint = requestFingerprint(req);
    store.claim(id, fingerprint, clock()).then((claim) => {
      if (claim.claimed) {
        captureResponse(res, (response) =>
          (response.status >= 500 ? store.release(id) : store.complete(id, response)).catch(
            (error: unknown) =>
              logger.error({ err: error }, 'could not store an idempotent answer'),
          ),
        );
        next();
      } else if (claim.record.fingerprint !== fingerprint) {
        next(new HttpError(422, KEY_REUSED_MESSAGE));
      } else if (claim.record.response === undefined) {
        next(new HttpError(409, KEY_IN_FLIGHT_MESSAGE));
      } else {
        replayResponse(res, claim.record.response);
      }
    }, next);
  };
}
