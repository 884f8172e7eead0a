import type { Express } from 'express';
import { jsonBodyParser, NotFoundError } from '@repo/common';
import type { AppDeps } from '../app.js';
import { requireToken } from '../http/auth.js';
import { presentBook } from '../http/book-presenter.js';
import {
  readBookFilter,
  readBookPatch,
  readDeleteBookId,
  readNewBook,
  readPathBookId,
} from '../http/book-schemas.js';

/** Thrown by GET /books/badroute, which exists to show the error handler at work. */
export const BADROUTE_MESSAGE = 'deliberate failure of /books/badroute';

/**
 * The books routes, registered on the app rather than on a mounted Router: no second routing pass
 * per request, and `OPTIONS` gets the `Cannot OPTIONS <path>` 404 like any other method without a
 * route (a mounted Router would answer it with 200 and `Allow`).
 */
export function registerBookRoutes(app: Express, { books, token }: AppDeps): void {
  // The token is checked before the body is read: a caller without it gets 403 however malformed
  // or large its body, and never makes the service parse it.
  const tokenRequired = requireToken(token);
  const parseJson = jsonBodyParser();
  // Create and delete read only these keys and ignore the others, so common's guard drops the
  // others before checking the rest. PATCH counts every key it is sent (rule 5): nothing dropped.
  const parseBook = jsonBodyParser({ keepOnly: ['title', 'author', 'year'] });
  const parseBookId = jsonBodyParser({ keepOnly: ['id'] });

  app.get('/books', parseJson, (req, res) => {
    res.json(books.list(readBookFilter(req.query)).map(presentBook));
  });

  // Registered before /books/:id so that "badroute" is not taken for an id.
  app.get('/books/badroute', parseJson, () => {
    throw new Error(BADROUTE_MESSAGE);
  });

  app.get('/books/:id', parseJson, (req, res) => {
    const book = books.findById(readPathBookId(req.params.id));
    if (book === null) throw new NotFoundError();
    res.json(presentBook(book));
  });

  app.post('/books', tokenRequired, parseBook, (req, res) => {
    res.status(201).json(presentBook(books.create(readNewBook(req.body))));
  });

  // 200 whether or not a book had that id.
  app.delete('/books', tokenRequired, parseBookId, (req, res) => {
    books.remove(readDeleteBookId(req.body));
    res.sendStatus(200);
  });

  app.patch('/books', tokenRequired, parseJson, (req, res) => {
    const { id, changes } = readBookPatch(req.body);
    if (!books.update(id, changes)) throw new NotFoundError();
    res.sendStatus(200);
  });
}
