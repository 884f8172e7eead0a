import { createMemoryIdempotencyStore, DEFAULT_IDEMPOTENCY_TTL_SECONDS } from '@repo/common';
import { describeIdempotentPost } from '@repo/common/testing';
import { createBooksRepository } from '../src/data/books-repository.js';
import { AUTH, buildApp, unique } from './support.js';

/** The file's data and keys, in memory as the service keeps them: every app here shares both. */
const books = createBooksRepository();
const keys = createMemoryIdempotencyStore({ ttlSeconds: DEFAULT_IDEMPOTENCY_TTL_SECONDS });

describeIdempotentPost('POST /books', {
  app: (idempotency) => buildApp({ books, idempotency }).app,
  failingApp: (idempotency) =>
    buildApp({
      books: {
        ...books,
        create: () => {
          throw new Error('write refused by the test');
        },
      },
      idempotency,
    }).app,
  store: () => keys,
  caller: { path: '/books', headers: { Authorization: AUTH } },
  body: () => ({ title: unique('Keyed'), author: 'A. Author', year: 2001 }),
  count: () => Promise.resolve(books.list({}).length),
});
