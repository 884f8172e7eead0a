import { requireBearerToken, type Throttle } from '@repo/common';
import type { RequestHandler } from 'express';
import { UnauthorizedError } from './errors.js';

/** `Bearer`, one space, then a token that has no space in it, and nothing else. */
const STRICT_BEARER_HEADER = /^Bearer ([^ ]+)$/;

/** Exactly `Bearer <token>` (the README's strict reading); null for anything else. */
export function parseStrictBearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  return STRICT_BEARER_HEADER.exec(header)?.[1] ?? null;
}

/** Any request without the token is the README's 401 (or 429 once it failed too often). */
export function requireToken(token: string, throttle?: Throttle): RequestHandler {
  return requireBearerToken({
    token,
    parse: parseStrictBearer,
    reject: () => new UnauthorizedError(),
    failures: throttle?.authFailures,
  });
}
