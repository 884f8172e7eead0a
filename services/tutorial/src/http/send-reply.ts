import type { Response } from 'express';
import type { Reply } from '../domain/reply.js';

/** Writes a Reply. A string passed to `send` is labelled text/html, as the spec requires. */
export function sendReply(res: Response, reply: Reply): void {
  // Most replies are 200, the status a response starts with; res.status() is skipped for them
  // because it measurably costs on the hot path (npm run bench).
  if (reply.status !== res.statusCode) res.status(reply.status);
  if (reply.kind === 'json') {
    res.json(reply.body);
    return;
  }
  res.send(reply.body);
}
