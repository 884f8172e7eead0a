import { HttpError, type ErrorRenderer } from '@repo/common';

/** A request to POST, PATCH or DELETE /books without the shared token. */
export class ForbiddenError extends HttpError {
  constructor(options?: ErrorOptions) {
    super(403, 'Forbidden', options);
  }
}

/**
 * Bodies as the books spec prescribes: 403 and 404 carry only the standard status text, other
 * client errors (our 400 texts, malformed JSON, 413, 415) their message as plain text, and a 500
 * the sentence `ERROR: <message> encountered.`. The spec asks for the message there; the stack
 * only goes to the log (the error handler logs every unexpected error).
 */
export const renderError: ErrorRenderer = ({ status, message }, res) => {
  if (status === 403 || status === 404) res.sendStatus(status);
  else if (status >= 500) res.status(500).type('text/plain').send(`ERROR: ${message} encountered.`);
  else res.status(status).type('text/plain').send(message);
};
