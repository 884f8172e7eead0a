import type { Express } from 'express';
import { echoReply } from '../domain/echo.js';
import { sendReply } from '../http/send-reply.js';

/** `POST /postData` (our design): any parsed body is echoed, so nothing in it is checked. */
export function registerEchoRoutes(app: Express): void {
  app.post('/postData', (req, res) => sendReply(res, echoReply(req.body)));
}
