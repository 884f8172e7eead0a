import { ValidationError, type ErrorRenderer } from '@repo/common';
import type { RequestHandler } from 'express';

export const PAGE_NOT_FOUND_MESSAGE = 'This page does not exist.';
export const SERVER_ERROR_MESSAGE = 'An error has occurred on our end';

/**
 * The spec's error bodies: validation problems as `{ errors }`, an auth failure as `{ Error }`
 * (capital E), every 5xx as the fixed text (its message and stack only go to the log), and any
 * other client error, including malformed JSON with the parser's message, as `{ error }`.
 */
export const renderOrdersError: ErrorRenderer = (error, res) => {
  if (error.cause instanceof ValidationError) {
    res.status(error.status).json({ errors: error.cause.problems });
  } else if (error.status === 401) {
    res.status(401).json({ Error: error.message });
  } else if (error.status >= 500) {
    res.status(error.status).json({ error: SERVER_ERROR_MESSAGE });
  } else {
    res.status(error.status).json({ error: error.message });
  }
};

/** The catch-all for requests no route matched, registered after every router. */
export function pageNotFound(): RequestHandler {
  return (_req, res) => {
    res.status(404).json({ error: PAGE_NOT_FOUND_MESSAGE });
  };
}
