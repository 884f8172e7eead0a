import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { AuthFailureGuard } from '../throttle/auth-failure-guard.js';
import { AUTH_FAILURE_LIMIT_MESSAGE, TooManyRequestsError } from '../throttle/too-many-requests.js';

/** Reads the token out of an `Authorization` header; null when the header does not carry one. */
export type BearerParser = (header: string | undefined) => string | null;

export interface BearerAuthOptions {
  /** The configured secret the presented token must equal. */
  token: string;
  /** How the service's spec reads the header (the exact form differs from service to service). */
  parse: BearerParser;
  /** The error to throw when the token is absent or wrong; the app's error handler renders it. */
  reject: () => Error;
  /**
   * Counts failed checks per client and refuses a client over the limit with 429 and
   * `Retry-After` before its token is looked at (`Throttle.authFailures`); absent, nothing is
   * counted.
   */
  failures?: AuthFailureGuard | undefined;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Lets a request through only when its token equals the secret. The comparison takes the same
 * time wherever the strings differ; hashing both first gives equal-length inputs, so not even
 * the secret's length leaks.
 */
export function requireBearerToken({
  token,
  parse,
  reject,
  failures,
}: BearerAuthOptions): RequestHandler {
  const expected = digest(token);
  const matches = (header: string | undefined): boolean => {
    const presented = parse(header);
    return presented !== null && timingSafeEqual(digest(presented), expected);
  };
  if (failures === undefined) {
    return (req, _res, next) => {
      next(matches(req.headers.authorization) ? undefined : reject());
    };
  }
  return (req, res, next) => {
    const check = async (): Promise<Error | undefined> => {
      const blockedFor = await failures.blockedFor(req);
      if (blockedFor !== undefined) {
        res.setHeader('Retry-After', String(blockedFor));
        return new TooManyRequestsError(AUTH_FAILURE_LIMIT_MESSAGE);
      }
      if (matches(req.headers.authorization)) return undefined;
      await failures.failed(req);
      return reject();
    };
    check().then(next, next);
  };
}
