import { UnauthorizedError, parseStrictBearer, requireBearerToken } from '@repo/common';
import type { RequestHandler } from 'express';

export const TOKEN_REJECTED_MESSAGE = 'Token is missing or does not match.';

/** Strict `Bearer <token>` check; any failure is the spec's 401 (rendered as `{ Error }`). */
export function requireToken(token: string): RequestHandler {
  return requireBearerToken({
    token,
    parse: parseStrictBearer,
    reject: () => new UnauthorizedError(TOKEN_REJECTED_MESSAGE),
  });
}
