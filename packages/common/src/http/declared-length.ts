import type { RequestHandler } from 'express';
import { PayloadTooLargeError } from '../errors/http-errors.js';
import { BODY_BYTE_LIMIT } from '../openapi/limits.js';

/**
 * `parse`, a body parser for bodies of `type`, except that a body whose `Content-Length` is over
 * the limit is answered 413 at once, unread: body-parser would read it off to its end before
 * answering, which a client declaring gigabytes and sending a trickle turns into a connection
 * held until the request deadline. The connection closes after the answer instead of being
 * drained for the next request.
 */
export function refusingDeclaredOversize(type: string, parse: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers['content-length'];
    if (
      declared !== undefined &&
      Number(declared) > BODY_BYTE_LIMIT &&
      typeof req.is(type) === 'string'
    ) {
      res.setHeader('connection', 'close');
      next(new PayloadTooLargeError());
      return;
    }
    parse(req, res, next);
  };
}
