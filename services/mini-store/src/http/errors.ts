import type { ErrorRequestHandler } from 'express';
import { BadRequestError, jsonErrorRenderer } from '@repo/common';

/** The body of every 500: the spec leaves it open, and internals stay in the log. */
export const SERVER_ERROR_MESSAGE = 'Internal Server Error';

/** `{ error: <message> }` for this service's own 400, 413, 415 and 500 replies. */
export const renderError = jsonErrorRenderer(SERVER_ERROR_MESSAGE);

function isPathDecodeError(thrown: unknown): boolean {
  return thrown instanceof URIError && 'status' in thrown && thrown.status === 400;
}

/**
 * Express's router reports a path parameter with broken percent-encoding (`/products/%E0%A4`) as a
 * URIError carrying status 400 but no `expose` flag, which the shared classifier would count as a
 * 500. It is the client's mistake, so it becomes a plain 400 here.
 */
export const translatePathDecodeErrors: ErrorRequestHandler = (
  thrown: unknown,
  _req,
  _res,
  next,
) => {
  next(
    isPathDecodeError(thrown)
      ? new BadRequestError('the path is not valid percent-encoded text', { cause: thrown })
      : thrown,
  );
};
