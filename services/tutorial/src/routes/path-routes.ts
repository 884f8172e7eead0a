import type { Express } from 'express';
import { greetingReply, leagueReply, personReply, playReply } from '../domain/path-replies.js';
import { readPersonId } from '../http/path-schemas.js';
import { sendReply } from '../http/send-reply.js';

/** The GET routes that answer from route parameters alone (Express has percent-decoded them). */
export function registerPathRoutes(app: Express): void {
  app.get('/', (_req, res) => sendReply(res, greetingReply()));

  app.get('/person/:id', (req, res) => sendReply(res, personReply(readPersonId(req.params.id))));

  app.get('/league/:leaguename/team/:teamname', (req, res) =>
    sendReply(res, leagueReply(req.params.leaguename, req.params.teamname)),
  );

  app.get('/play/artist/:artistName/song/:songName', (req, res) =>
    sendReply(res, playReply(req.params.artistName, req.params.songName)),
  );
}
