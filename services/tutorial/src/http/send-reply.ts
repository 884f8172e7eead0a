import type { Response } from 'express';
import type { Reply } from '../domain/reply.js';

/**
 * Writes a Reply with the status a response starts with, 200; a string passed to `send` is
 * labelled text/html, as the spec requires.
 */
export function sendReply(res: Response, reply: Reply): void {
  if (reply.kind === 'json') res.json(reply.body);
  else res.send(reply.body);
}
