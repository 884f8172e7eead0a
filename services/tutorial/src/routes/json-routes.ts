import type { Express } from 'express';
import { echoReply } from '../domain/echo.js';
import { addTrackReply } from '../domain/tracks.js';
import { sendReply } from '../http/send-reply.js';

export function registerJsonRoutes(app: Express, clock: () => Date): void {
  app.post('/tracks', (req, res) => sendReply(res, addTrackReply(req.body, clock())));

  app.post('/postData', (req, res) => sendReply(res, echoReply(req.body)));
}
