import type { RequestHandler } from 'express';
import { cannotRouteText } from '../http/unmatched-request.js';

/** The plain-text `Cannot <METHOD> <path>` 404 for requests no route matched. */
export function cannotRouteHandler(): RequestHandler {
  return (req, res) => {
    res.status(404).type('text/plain').send(cannotRouteText(req.method, req.originalUrl));
  };
}
