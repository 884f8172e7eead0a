import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';

/** The largest request body any service accepts; larger ones are answered 413. */
export const BODY_LIMIT = '100kb';

/** What body-parser calls a request with a body: a Transfer-Encoding or a Content-Length. */
export function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined
  );
}

/**
 * `express.json()` for one route or router, stepping aside at once for a request without a body,
 * as body-parser itself would, but without its per-request bookkeeping (on a GET, that is most of
 * what the parser costs). `req.body` then reads undefined, as it does after body-parser.
 */
export function jsonBodyParser({ strict = true }: { strict?: boolean } = {}): RequestHandler {
  const parse = express.json({ limit: BODY_LIMIT, strict });
  return (req, res, next) => {
    if (hasBody(req)) void parse(req, res, next);
    else next();
  };
}
