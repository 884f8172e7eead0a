import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';

/** Reads the token out of an `Authorization` header; null when the header does not carry one. */
export type BearerParser = (header: string | undefined) => string | null;

export interface BearerAuthOptions {
  /** The configured secret the presented token must equal. */
  token: string;
  /** How the service's spec reads the header (the exact form differs from service to service). */
  parse: BearerParser;
  /** The error to throw when the token is absent or wrong; the app's error handler renders it. */
  reject: () => Error;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Lets a request through only when its token equals the secret. The comparison takes the same
 * time wherever the strings differ; hashing both first gives equal-length inputs, so not even
 * the secret's length leaks.
 */
export function requireBearerToken({ token, parse, reject }: BearerAuthOptions): RequestHandler {
  const expected = digest(token);
  return (req, _res, next) => {
    const presented = parse(req.headers.authorization);
    if (presented !== null && timingSafeEqual(digest(presented), expected)) {
      next();
      return;
    }
    next(reject());
  };
}
