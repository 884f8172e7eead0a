import { HttpError } from '../errors/http-errors.js';

/** The 429 of the request limit, rendered by each service's error handler. */
export const REQUEST_LIMIT_MESSAGE =
  'Too many requests: try again after the number of seconds in Retry-After.';

/** The 429 of a client whose token checks failed too often (see `authFailureGuard`). */
export const AUTH_FAILURE_LIMIT_MESSAGE =
  'Too many failed authentication attempts: try again after the number of seconds in Retry-After.';

/** A client over one of the limits; the `Retry-After` header is set before it is thrown. */
export class TooManyRequestsError extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}
