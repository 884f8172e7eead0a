import { HttpError, jsonErrorRenderer, NotFoundError } from '@repo/common';

/** The spec's 404 for a product id that is unknown or malformed, naming the id as sent. */
export function productNotFound(id: string): NotFoundError {
  return new NotFoundError(`Not found: no product with id of ${id}`);
}

/** `{ error: <message> }` for every 4xx; every 5xx says only this (details go to the log). */
export const renderError = jsonErrorRenderer('Something went wrong');

/** A body in a format the routes do not read: 415, whatever the body holds. */
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'Content-Type must be application/json') {
    super(415, message);
  }
}
