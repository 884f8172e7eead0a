import type { RequestHandler } from 'express';
import { requireBearerToken, type Throttle } from '@repo/common';
import { ForbiddenError } from './errors.js';

/**
 * The token of an `Authorization` header read loosely (spec "Authentication / Books" rule 2):
 * whatever stands second when the header is split on single spaces. The first word is not
 * checked and anything after the second part is ignored; a header with no second part, or an
 * empty one (`Bearer  <token>`, two spaces), carries no token.
 */
export function parseLooseBearer(header: string | undefined): string | null {
  const second = header?.split(' ')[1];
  return second === undefined || second === '' ? null : second;
}

/**
 * Lets only requests that carry `token` through; any other is the spec's 403 `Forbidden`. With
 * `throttle`, a client whose checks failed too often gets 429 instead (`requireBearerToken`).
 */
export function requireToken(token: string, throttle?: Throttle): RequestHandler {
  const reject = (): Error => new ForbiddenError();
  return requireBearerToken({
    token,
    parse: parseLooseBearer,
    reject,
    failures: throttle?.authFailures,
  });
}
