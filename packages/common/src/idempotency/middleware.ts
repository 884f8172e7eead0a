import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { BadRequestError, HttpError } from '../errors/http-errors.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  keyRecordId,
  MALFORMED_KEY_MESSAGE,
  requestFingerprint,
  WELL_FORMED_KEY,
} from './key.js';
import type { IdempotencyStore, StoredResponse } from './store.js';

/** Who sends a request: the same key from two callers is two keys. */
export type CallerOf = (req: Request) => string;

export const KEY_REUSED_MESSAGE =
  'Idempotency-Key was already used for a different request (method, path or body)';
export const KEY_IN_FLIGHT_MESSAGE =
  'A request with this Idempotency-Key is still being processed; retry later';

/** The headers a replay repeats besides the body (the app adds its own again). */
const KEPT_HEADERS = ['content-type', 'location'] as const;

type Chunk = string | Uint8Array;

function isChunk(value: unknown): value is Chunk {
  return typeof value === 'string' || value instanceof Uint8Array;
}

function bytesOf(chunk: Chunk, encoding: unknown): Buffer {
  if (typeof chunk !== 'string') return Buffer.from(chunk);
  return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/**
 * Collects what the route writes and hands it to `settle` before the last bytes leave, so a
 * client that retries as soon as it has its answer finds the key answered. Compression and
 * caching middleware watch a response the same way (wrapping `write` and `end`).
 */
function captureResponse(res: Response, settle: (response: StoredResponse) => Promise<void>): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (isChunk(chunk)) chunks.push(bytesOf(chunk, rest[0]));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (isChunk(chunk)) chunks.push(bytesOf(chunk, rest[0]));
    res.write = write;
    res.end = end;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const response = { status: res.statusCode, headers, body: Buffer.concat(chunks) };
    void settle(response).finally(() => (end as (...args: unknown[]) => Response)(chunk, ...rest));
    return res;
  }) as Response['end'];
}

/**
 * The Idempotency-Key handling of one route, once its body is read (README, idempotency keys):
 * no header goes straight on; a malformed key is a 400; a first use claims the key, runs the
 * route and stores its answer (2xx and 4xx; a 5xx frees the key); the same request again gets
 * the stored answer; another request under the key is a 422, a repeat while the first runs a 409.
 */
export function idempotencyMiddleware({
  store,
  caller,
  logger,
}: {
  store: IdempotencyStore;
  caller: CallerOf;
  /** Where a failure to store an answer is reported (the answer itself still goes out). */
  logger: Logger;
}): RequestHandler {
  return (req, res, next) => {
    const key = req.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) {
      next();
      return;
    }
    if (typeof key !== 'string' || !WELL_FORMED_KEY.test(key)) {
      next(new BadRequestError(MALFORMED_KEY_MESSAGE));
      return;
    }
    const id = keyRecordId(caller(req), key);
    const fingerprint = requestFingerprint(req);
    store.claim(id, fingerprint, new Date()).then((claim) => {
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
        const { status, headers, body } = claim.record.response;
        res
          .status(status)
          .set(headers)
          .set(IDEMPOTENT_REPLAYED_HEADER, 'true')
          .send(Buffer.from(body));
      }
    }, next);
  };
}
