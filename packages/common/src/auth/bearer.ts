import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * Strict form: exactly `Bearer <token>`, one space, a non-empty token with no further spaces.
 * Rejects `Bearer` alone, another scheme word, and `Bearer <a> <b>`.
 */
export function parseStrictBearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  const parts = header.split(' ');
  if (parts.length !== 2 || parts[0] !== 'Bearer') return null;
  const token = parts[1];
  return token ? token : null;
}

/** Loose form: whatever stands second when the header is split on single spaces. */
export function parseLooseBearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  const token = header.split(' ')[1];
  return token ? token : null;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Compares in time independent of where the strings differ. Hashing first gives equal-length
 * inputs, so not even the secret's length leaks.
 */
export function tokensMatch(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

export interface BearerAuthOptions {
  /** The configured secret the presented token must equal. */
  token: string;
  parse: (header: string | undefined) => string | null;
  /** The error to throw when the token is absent or wrong; the app's error handler renders it. */
  reject: () => Error;
}

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
