import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The request header (draft-ietf-httpapi-idempotency-key-header), as Node lowercases it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Set to `true` on a response that is a stored one sent again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * 1 to 255 visible ASCII characters. The draft's quoted form (`"8e03…"`) is visible ASCII too, so
 * it is taken as sent; two headers (which Node joins with `, `) hold a space and are refused.
 */
export const WELL_FORMED_KEY = new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`);

export const MALFORMED_KEY_MESSAGE = `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters`;

export function isWellFormedKey(key: string): boolean {
  return WELL_FORMED_KEY.test(key);
}

function sha256(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\n');
  return hash.digest('base64url');
}

/**
 * Where a key is stored: the caller and the key hashed together, so the same key from another
 * caller is another record and no token is ever written to the store.
 */
export function keyRecordId(caller: string, key: string): string {
  return sha256(caller, key);
}

/** Raw request bodies of keyed requests, kept by the JSON parser (see `rememberKeyedBody`). */
const keyedBodies = new WeakMap<IncomingMessage, Buffer>();

/**
 * The JSON parser's `verify` hook calls this with the bytes it read: kept only when the request
 * carries a key, so a request without one pays a header lookup and nothing else.
 */
export function rememberKeyedBody(req: IncomingMessage, bytes: Buffer): void {
  if (req.headers[IDEMPOTENCY_KEY_HEADER] !== undefined) keyedBodies.set(req, bytes);
}

/** What makes two requests with one key the same request: method, path with query, body bytes. */
export function requestFingerprint(req: IncomingMessage & { originalUrl?: string }): string {
  const body = keyedBodies.get(req) ?? new Uint8Array();
  return sha256(req.method ?? '', req.originalUrl ?? req.url ?? '', body);
}
