import type { Express } from 'express';
import {
  BadRequestError,
  ForbiddenError,
  jsonBodyParser,
  NotFoundError,
  parseLooseBearer,
  requireBearerToken,
} from '@repo/common';
import type { BookRepository } from '../data/books-repository.js';
import { parseBookFilter } from '../domain/book-filter.js';
import {
  NEW_BOOK_INVALID,
  bookIdFromPath,
  deleteIdFromBody,
  parseNewBook,
  parsePatch,
} from '../domain/book-input.js';

export interface BookRoutesOptions {
  books: BookRepository;
  /** The shared secret POST, PATCH and DELETE must present. */
  token: string;
  /** Largest JSON body accepted; larger ones get 413. */
  bodyLimit: string;
}

/** Thrown by GET /books/badroute, which exists to show the error handler at work. */
export const BADROUTE_MESSAGE = 'deliberate failure of /books/badroute';

/**
 * The books routes, registered on the app rather than on a mounted Router: no second routing pass
 * per request, and `OPTIONS` gets the `Cannot OPTIONS <path>` 404 like any other method without a
 * route (a mounted Router would answer it with 200 and `Allow`).
 */
export function registerBookRoutes(
  app: Express,
  { books, token, bodyLimit }: BookRoutesOptions,
): void {
  // The token is checked before the body is read: a caller without it gets 403 however malformed
  // or large its body, and never makes the service parse it.
  const requireToken = requireBearerToken({
    token,
    parse: parseLooseBearer,
    reject: () => new ForbiddenError(),
  });
  const parseJson = jsonBodyParser({ limit: bodyLimit });

  app.get('/books', parseJson, (req, res) => {
    const request = parseBookFilter(req.query);
    if (!request.ok) throw new BadRequestError(request.message);
    res.json(books.list(request.filter));
  });

  // Registered before /books/:id so that "badroute" is not taken for an id.
  app.get('/books/badroute', parseJson, () => {
    throw new Error(BADROUTE_MESSAGE);
  });

  app.get('/books/:id', parseJson, (req, res) => {
    const id = bookIdFromPath(req.params.id);
    const book = id === null ? null : books.findById(id);
    if (!book) throw new NotFoundError();
    res.json(book);
  });

  app.post('/books', requireToken, parseJson, (req, res) => {
    const newBook = parseNewBook(req.body);
    if (!newBook) throw new BadRequestError(NEW_BOOK_INVALID);
    res.status(201).json(books.create(newBook));
  });

  // 200 whether or not a book had that id.
  app.delete('/books', requireToken, parseJson, (req, res) => {
    books.remove(deleteIdFromBody(req.body));
    res.sendStatus(200);
  });

  app.patch('/books', requireToken, parseJson, (req, res) => {
    const patch = parsePatch(req.body);
    if (!patch.ok) throw new BadRequestError(patch.message);
    if (!books.update(patch.id, patch.changes)) throw new NotFoundError();
    res.sendStatus(200);
  });
}
