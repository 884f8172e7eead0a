import type { RequestHandler } from 'express';
import { HttpError, requireBearerToken, type Throttle } from '@repo/common';

/**
 * Read loosely, as the README fixes it: whatever stands second when the header is
 * split on single spaces; the first word is not checked. `Bearer  <token>` (two spaces) has none.
 */
export function parseLooseBearer(header: string | undefined): string | null {
  const second = header?.split(' ')[1];
  return second === undefined || second === '' ? null : second;
}

/** Any request without `token` is the README's bare 403 (or 429 once it failed too often). */
export function requireToken(token: string, throttle?: Throttle): RequestHandler {
  return requireBearerToken({
    token,
    parse: parseLooseBearer,
    reject: () => new HttpError(403, 'Forbidden'),
    failures: throttle?.authFailures,
  });
}
