import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { boundedHeader, PARSED_HEADER_LIMIT } from '../http/header-limit.js';
import type { AuthFailureGuard } from '../throttle/auth-failure-guard.js';
import { AUTH_FAILURE_LIMIT_MESSAGE, TooManyRequestsError } from '../throttle/too-many-requests.js';

/** The token in an `Authorization` header, or null. */
export type BearerParser = (header: string | undefined) => string | null;

export interface BearerAuthOptions {
  /** The secret the presented token must equal. */
  token: string;
  /** How the service's README reads the header. */
  parse: BearerParser;
  /** For an absent or wrong token; the app's error handler renders it. */
  reject: () => Error;
  /** `Throttle.authFailures`: a client over the limit gets 429 before its token is looked at. */
  failures?: AuthFailureGuard | undefined;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Lets a request through only when its token equals the secret, in constant time: hashing both
 * first gives equal lengths, so not even the secret's length leaks.
 */
export function requireBearerToken({
  token,
  parse,
  reject,
  failures,
}: BearerAuthOptions): RequestHandler {
  const expected = digest(token);
  // Room for any scheme before the token; a longer header holds no token and is not parsed.
  const limit = PARSED_HEADER_LIMIT + token.length;
  const matches = (header: string | undefined): boolean => {
    const bounded = boundedHeader(header, limit);
    const presented = bounded === undefined ? null : parse(bounded);
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
