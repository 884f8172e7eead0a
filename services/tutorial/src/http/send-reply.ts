import type { Response } from 'express';
import type { Reply } from '../domain/reply.js';

/** Writes a Reply. A string passed to `send` is labelled text/html, as the spec requires. */
export function sendReply(res: Response, reply: Reply): void {
  if (reply.kind === 'json') {
    res.status(reply.status).json(reply.body);
    return;
  }
  res.status(reply.status).send(reply.body);
}
