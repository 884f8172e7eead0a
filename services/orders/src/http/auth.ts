import { requireBearerToken, type Throttle } from '@repo/common';
import type { RequestHandler } from 'express';
import { UnauthorizedError } from './errors.js';

/** `Bearer`, one space, then a token that has no space in it, and nothing else. */
const STRICT_BEARER_HEADER = /^Bearer ([^ ]+)$/;

/**
 * The token of an `Authorization` header of exactly the form `Bearer <token>` (spec
 * "Authentication / Orders" rule 2); null for anything else: `Bearer` alone, another scheme word,
 * `bearer` in lowercase, two spaces, or a third part as in `Bearer <a> <b>`.
 */
export function parseStrictBearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  return STRICT_BEARER_HEADER.exec(header)?.[1] ?? null;
}

/**
 * Lets only requests with the token through; any failure is the spec's 401 (`{ Error }`). With
 * `throttle`, a client whose checks failed too often gets 429 instead (`requireBearerToken`).
 */
export function requireToken(token: string, throttle?: Throttle): RequestHandler {
  return requireBearerToken({
    token,
    parse: parseStrictBearer,
    reject: () => new UnauthorizedError(),
    failures: throttle?.authFailures,
  });
}
