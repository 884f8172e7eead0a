import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** draft-ietf-httpapi-idempotency-key-header, as Node lowercases it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** The draft's quoted form is taken as sent; two headers (joined with `, `) hold a space. */
export const WELL_FORMED_KEY = new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`);

export const MALFORMED_KEY_MESSAGE = `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters`;

function sha256(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\n');
  return hash.digest('base64url');
}

/** The caller and the key hashed: another caller's key is another record, and no token is stored. */
export function keyRecordId(caller: string, key: string): string {
  return sha256(caller, key);
}

const keyedBodies = new WeakMap<IncomingMessage, Buffer>();

/** Called by the JSON parser's `verify` hook: a request without a key pays one header lookup. */
export function rememberKeyedBody(req: IncomingMessage, bytes: Buffer): void {
  if (req.headers[IDEMPOTENCY_KEY_HEADER] !== undefined) keyedBodies.set(req, bytes);
}

/** What makes two requests with one key the same request: method, path with query, body bytes. */
export function requestFingerprint(req: IncomingMessage & { originalUrl?: string }): string {
  const body = keyedBodies.get(req) ?? new Uint8Array();
  return sha256(req.method ?? '', req.originalUrl ?? req.url ?? '', body);
}
