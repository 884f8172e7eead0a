import { HttpError, type ErrorRenderer } from '@repo/common';
import type { SafeHtml } from '../domain/html.js';

export const INTERNAL_ERROR_TEXT = 'Internal Server Error';

/** Input a route's rule turns away: 400 with the README's text for it. */
export class RejectedInputError extends HttpError {
  readonly text: SafeHtml;

  constructor(text: SafeHtml) {
    super(400, text);
    this.text = text;
  }
}

/**
 * A route's own 400 is sent like its other texts, labelled text/html (README). Every other
 * error is plain text like the 404, not HTML, because a parser message can quote the body.
 */
export const renderError: ErrorRenderer = (error, res) => {
  if (error.cause instanceof RejectedInputError) {
    res.status(error.status).send(error.cause.text);
    return;
  }
  const text = error.status >= 500 ? INTERNAL_ERROR_TEXT : error.message;
  res.status(error.status).type('text/plain').send(text);
};
