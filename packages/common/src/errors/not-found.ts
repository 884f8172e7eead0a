import type { RequestHandler } from 'express';

function pathOf(originalUrl: string): string {
  const queryStart = originalUrl.indexOf('?');
  return queryStart === -1 ? originalUrl : originalUrl.slice(0, queryStart);
}

/** The plain-text `Cannot <METHOD> <path>` 404 for requests no route matched. */
export function cannotRouteHandler(): RequestHandler {
  return (req, res) => {
    res
      .status(404)
      .type('text/plain')
      .send(`Cannot ${req.method} ${pathOf(req.originalUrl)}`);
  };
}
