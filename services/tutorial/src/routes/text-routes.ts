import type { Express } from 'express';
import { greetingReply, leagueReply, personReply, playReply } from '../domain/path-replies.js';
import { peopleReply } from '../domain/people.js';
import { browseReply, catalogReply, productSearchReply } from '../domain/search-replies.js';
import { sendReply } from '../http/send-reply.js';

/** The GET routes that answer from route parameters and the query string. */
export function registerTextRoutes(app: Express): void {
  app.get('/', (_req, res) => sendReply(res, greetingReply()));

  app.get('/person/:id', (req, res) => sendReply(res, personReply(req.params.id)));

  app.get('/catalog', (req, res) => sendReply(res, catalogReply(req.query.itemid)));

  app.get('/league/:leaguename/team/:teamname', (req, res) =>
    sendReply(res, leagueReply(req.params.leaguename, req.params.teamname)),
  );

  app.get('/play/artist/:artistName/song/:songName', (req, res) =>
    sendReply(res, playReply(req.params.artistName, req.params.songName)),
  );

  app.get('/browse/:category', (req, res) =>
    sendReply(res, browseReply(req.params.category, req.query.keywords)),
  );

  app.get('/products/:department/:category', (req, res) =>
    sendReply(
      res,
      productSearchReply(req.params.department, req.params.category, req.query.keywords),
    ),
  );

  app.get('/people', (req, res) => sendReply(res, peopleReply(req.query.letter)));
}
