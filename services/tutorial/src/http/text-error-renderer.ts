import { isMalformedJsonError, type ErrorRenderer } from '@repo/common';

export const INTERNAL_ERROR_TEXT = 'Internal Server Error';

/**
 * Errors raised outside the handlers' own replies (body parsing, limits, a handler that throws),
 * as plain text like the 404. text/plain, not HTML, because a parser message can quote the body.
 * A 5xx never shows its message or stack; the error handler logs those.
 */
export const textErrorRenderer: ErrorRenderer = (error, res) => {
  const text =
    error.status >= 500
      ? INTERNAL_ERROR_TEXT
      : isMalformedJsonError(error.cause)
        ? `Malformed JSON body: ${error.message}`
        : error.message;
  res.status(error.status).type('text/plain').send(text);
};
