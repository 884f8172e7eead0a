import { z } from 'zod';
import {
  idempotentRoute,
  jsonBody,
  jsonBodyParser,
  jsonResponse,
  notModifiedResponse,
  PreconditionFailedError,
  readIfMatch,
  setVersionEtag,
  statusTextResponse,
  textResponse,
  NotFoundError,
  withEtag,
  type Route,
  conditionalWrite,
} from '@repo/common';
import type { AppDeps } from '../app.js';
import { BookStatus } from '../domain/book.js';
import { requireToken } from '../http/auth.js';
import { presentBook } from '../http/book-presenter.js';
import {
  bookFilterSchema,
  bookPatchFieldsSchema,
  deleteBookBodySchema,
  NEW_BOOK_INVALID,
  newBookSchema,
  PATCH_SHAPE_INVALID,
  pathBookIdSchema,
  readBookFilter,
  readBookPatch,
  readDeleteBookId,
  readNewBook,
  readPathBookId,
} from '../http/book-schemas.js';

/** Thrown by GET /books/badroute, which exists to show the error handler at work. */
export const BADROUTE_MESSAGE = 'deliberate failure of /books/badroute';

const EXAMPLE_ID = 1795240437437;

/** The security scheme of the routes that change books. */
export const TOKEN_SCHEME = 'booksToken';
const tokenRequired = [{ [TOKEN_SCHEME]: [] }];

// Create and delete read only these keys and ignore the others, so common's guard drops the
// others before checking the rest. PATCH needs `id` and one other key, any key: nothing dropped.
const parseBook = () => jsonBodyParser({ keepOnly: ['title', 'author', 'year'] });
const parseBookId = () => jsonBodyParser({ keepOnly: ['id'] });

/** What `presentBook` answers. */
const bookSchema = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    author: z.string(),
    year: z.unknown().optional(),
    status: z.enum(BookStatus),
  })
  .meta({ id: 'Book' });

const bookExample = {
  id: EXAMPLE_ID,
  title: 'Dune',
  author: 'Frank Herbert',
  year: 1965,
  status: BookStatus.STATUS_AVAILABLE,
};

// One schema instance: the idempotency option's responses merge with the route's by identity.
const anyText = z.string();
const text = (description: string, example: string) => textResponse(description, anyText, example);
const forbidden = statusTextResponse(
  'Forbidden: the Authorization header carries no token, or not the shared one (checked before the body).',
  'Forbidden',
);
const notFound = statusTextResponse('Not Found: no book has that id.', 'Not Found');
const tooLarge = text('The JSON body is over 100 kB.', 'request entity too large');
const unsupportedMediaType = text(
  'The body of POST, PATCH or DELETE is in another `Content-Type` than application/json, or none (`Content-Type must be application/json`); or a JSON body is in a charset other than UTF-8 (the parser message).',
  'unsupported charset "LATIN1"',
);
const malformedJson = 'the JSON parser message for a malformed body';
const serverError = textResponse(
  'A route threw; the message is named, the stack only logged.',
  z.string().regex(/^ERROR: [\s\S]* encountered\.$/),
  `ERROR: ${BADROUTE_MESSAGE} encountered.`,
);
const ok = statusTextResponse('OK.', 'OK');

/** Every route parses a JSON body when one is sent. */
const bodyFailures = { 413: tooLarge, 415: unsupportedMediaType, 500: serverError };

/**
 * The token is checked before the body is read: a caller without it gets 403 however malformed
 * or large its body. `/books/badroute` comes before `/books/{id}`, which would take it for an id.
 */
export const bookRoutes: Route<AppDeps>[] = [
  {
    method: 'post',
    path: '/books',
    summary: 'Create a book',
    description: 'Takes `title`, `author` and `year`; every other key is ignored.',
    security: tokenRequired,
    request: {
      body: jsonBody(newBookSchema, { title: 'Dune', author: 'Frank Herbert', year: 1965 }),
    },
    responses: {
      201: jsonResponse('Created: the new book.', bookSchema, bookExample),
      400: text(
        `\`title\` or \`author\` missing, not text, or blank; or ${malformedJson}.`,
        NEW_BOOK_INVALID,
      ),
      403: forbidden,
      ...bodyFailures,
    },
    before: ({ token, throttle }) => [requireToken(token, throttle), parseBook()],
    // Missing title or author: 400 for a body without the fields, an array or a string alike.
    readsNonObjectBodies: true,
    idempotency: idempotentRoute(text),
    handle(req, res, { books }) {
      res.status(201).json(presentBook(books.create(readNewBook(req.body))));
    },
  },
  {
    method: 'get',
    path: '/books',
    summary: 'List books',
    description:
      'Oldest first. Each filter given must match exactly (AND); `year` is compared as text.',
    request: { query: bookFilterSchema },
    responses: {
      200: jsonResponse('The books.', z.array(bookSchema), [bookExample]),
      304: notModifiedResponse,
      400: text(
        `A filter given more than once, or ${malformedJson}.`,
        'Each query parameter may be given at most once; repeated: "year".',
      ),
      ...bodyFailures,
    },
    before: () => [jsonBodyParser()],
    handle(req, res, { books }) {
      res.json(books.list(readBookFilter(req.query)).map(presentBook));
    },
  },
  {
    method: 'get',
    path: '/books/badroute',
    summary: 'Always fails',
    description: 'Shows the error handler at work: the answer is always a 500.',
    responses: {
      400: text(malformedJson, 'Unexpected end of JSON input'),
      ...bodyFailures,
    },
    before: () => [jsonBodyParser()],
    handle() {
      throw new Error(BADROUTE_MESSAGE);
    },
  },
  {
    method: 'get',
    path: '/books/{id}',
    summary: 'Read one book',
    request: {
      params: z.object({
        id: pathBookIdSchema.meta({
          description:
            'Decimal digits; anything else, a broken percent-encoding too, names no book (404).',
          example: String(EXAMPLE_ID),
        }),
      }),
    },
    responses: {
      200: withEtag(jsonResponse('The book.', bookSchema, bookExample)),
      304: withEtag(notModifiedResponse),
      400: text(malformedJson, 'Unexpected end of JSON input'),
      404: notFound,
      ...bodyFailures,
    },
    before: () => [jsonBodyParser()],
    handle(req, res, { books }) {
      const book = books.findById(readPathBookId(req.params.id));
      if (book === null) throw new NotFoundError();
      setVersionEtag(res, book.version);
      res.json(presentBook(book));
    },
  },
  conditionalWrite(statusTextResponse, {
    method: 'delete',
    path: '/books',
    summary: 'Delete a book',
    description:
      '200 whether or not a book had the id; nothing is removed when none had it. With `If-Match`, a missing book is a 412, since the condition cannot hold.',
    security: tokenRequired,
    request: { body: jsonBody(deleteBookBodySchema, { id: EXAMPLE_ID }) },
    responses: {
      200: ok,
      400: text(malformedJson, "Expected property name or '}' in JSON at position 1"),
      403: forbidden,
      ...bodyFailures,
    },
    before: ({ token, throttle }) => [requireToken(token, throttle), parseBookId()],
    // An id read from no object is NaN, which names no book: 200, as for any unknown id.
    readsNonObjectBodies: true,
    handle(req, res, { books }) {
      const ifMatch = readIfMatch(req);
      const removed = books.remove(readDeleteBookId(req.body), ifMatch);
      if (!removed && ifMatch !== undefined) throw new PreconditionFailedError();
      res.sendStatus(200);
    },
  }),
  conditionalWrite(statusTextResponse, {
    method: 'patch',
    path: '/books',
    summary: 'Change a book',
    description:
      'The body must have `id` and at least one other key. Only `title`, `author` and `year` are applied; other keys (such as `status`) are ignored.',
    security: tokenRequired,
    request: {
      body: jsonBody(bookPatchFieldsSchema, { id: EXAMPLE_ID, title: 'Dune (1st ed.)' }),
    },
    responses: {
      200: withEtag(ok),
      400: text(
        `No \`id\`, \`id\` alone, or not an object; a \`title\` or \`author\` that is not non-blank text; or ${malformedJson}.`,
        PATCH_SHAPE_INVALID,
      ),
      403: forbidden,
      404: notFound,
      ...bodyFailures,
    },
    before: ({ token, throttle }) => [requireToken(token, throttle), jsonBodyParser()],
    // No object has no `id`: the 400 for a PATCH without `id`.
    readsNonObjectBodies: true,
    handle(req, res, { books }) {
      const { id, changes } = readBookPatch(req.body);
      const changed = books.update(id, changes, readIfMatch(req));
      if (changed === 'missing') throw new NotFoundError();
      if (changed === 'stale') throw new PreconditionFailedError();
      setVersionEtag(res, changed.version);
      res.sendStatus(200);
    },
  }),
];
