import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';

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
export function jsonBodyParser(options: { limit: string; strict?: boolean }): RequestHandler {
  const parse = express.json(options);
  return (req, res, next) => {
    if (hasBody(req)) void parse(req, res, next);
    else next();
  };
}
