import type { ErrorRenderer } from '@repo/common';

/**
 * Bodies as the books spec prescribes: 403 and 404 carry only the standard status text, other
 * client errors (our 400 texts, malformed JSON, 413, 415) their message as plain text, and a 500
 * the sentence `ERROR: <message> encountered.`. The spec asks for the message there; the stack
 * only goes to the log (the error handler logs every unexpected error).
 */
export const booksErrorRenderer: ErrorRenderer = (error, res) => {
  if (error.status === 403 || error.status === 404) {
    res.sendStatus(error.status);
    return;
  }
  if (error.status >= 500) {
    res.status(500).type('text/plain').send(`ERROR: ${error.message} encountered.`);
    return;
  }
  res.status(error.status).type('text/plain').send(error.message);
};
