import type { ErrorRenderer } from '@repo/common';

/**
 * As the README fixes: 403 and 404 carry only the status text, other client errors their
 * message as plain text, a 500 `ERROR: <message> encountered.` (the stack only goes to the log).
 */
export const renderError: ErrorRenderer = ({ status, message }, res) => {
  if (status === 403 || status === 404) res.sendStatus(status);
  else if (status >= 500) res.status(500).type('text/plain').send(`ERROR: ${message} encountered.`);
  else res.status(status).type('text/plain').send(message);
};
