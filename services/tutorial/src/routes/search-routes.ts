import type { Express } from 'express';
import { peopleReply } from '../domain/people.js';
import { browseReply, catalogReply, productSearchReply } from '../domain/search-replies.js';
import { readCatalogQuery, readPeopleQuery } from '../http/search-schemas.js';
import { sendReply } from '../http/send-reply.js';

/**
 * The GET routes that answer from the query string. `itemid` and `letter` are checked by their
 * readers; `keywords` is read leniently by the domain (any shape reads as text) and never refused.
 */
export function registerSearchRoutes(app: Express): void {
  app.get('/catalog', (req, res) => {
    const { itemid } = readCatalogQuery(req.query);
    sendReply(res, catalogReply(itemid));
  });

  app.get('/browse/:category', (req, res) =>
    sendReply(res, browseReply(req.params.category, req.query.keywords)),
  );

  app.get('/products/:department/:category', (req, res) =>
    sendReply(
      res,
      productSearchReply(req.params.department, req.params.category, req.query.keywords),
    ),
  );

  app.get('/people', (req, res) => {
    const { letter } = readPeopleQuery(req.query);
    sendReply(res, peopleReply(letter));
  });
}
