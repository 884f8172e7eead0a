import { BadRequestError } from '@repo/common';
import type { ErrorRequestHandler } from 'express';

export const MALFORMED_PATH_TEXT = 'Bad Request: the path is not valid percent-encoding';

function isPathDecodeError(thrown: unknown): boolean {
  return thrown instanceof URIError && 'status' in thrown && thrown.status === 400;
}

/**
 * The router marks a route parameter it cannot percent-decode (`/person/%E0%A4%A`) as a 400 but
 * not as safe to expose, so the shared classifier would answer 500. Re-raise it as a 400.
 */
export const pathDecodeErrorsAsBadRequest: ErrorRequestHandler = (thrown, _req, _res, next) => {
  next(
    isPathDecodeError(thrown)
      ? new BadRequestError(MALFORMED_PATH_TEXT, { cause: thrown })
      : thrown,
  );
};
