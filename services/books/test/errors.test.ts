import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createBooksRepository, type BooksRepository } from '../src/data/books-repository.js';
import { AUTH, buildApp, listBooks, unique } from './support.js';

/** A store that fails on every read, to reach the error handler from an ordinary route. */
function failingRepository(failure: unknown): BooksRepository {
  const working = createBooksRepository();
  const fail = (): never => {
    // Whatever the test passes, bare strings included.
    throw failure;
  };
  return { ...working, list: fail, findById: fail };
}

function expectNoStackTrace(text: string): void {
  expect(text).not.toMatch(/\n[ \t]+at /);
  expect(text).not.toMatch(/\.ts:\d+/);
  expect(text).not.toContain('node_modules');
}

describe('error handling', () => {
  const { app } = buildApp();

  it('when GET /books/badroute, then 500 with text "ERROR: <message> encountered." and no stack', async () => {
    const res = await request(app).get('/books/badroute');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('ERROR: deliberate failure of /books/badroute encountered.');
    expectNoStackTrace(res.text);
  });

  it('when a dependency throws an Error, then 500 with its message in the sentence and no stack', async () => {
    const failing = buildApp({ books: failingRepository(new Error('disk on fire')) }).app;
    for (const path of ['/books', '/books/1']) {
      const res = await request(failing).get(path);
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe('ERROR: disk on fire encountered.');
    }
  });

  it('when a dependency throws a bare string, then 500 with that string as the message', async () => {
    const failing = buildApp({ books: failingRepository('store unavailable') }).app;
    const res = await request(failing).get('/books');
    expect(res.status).toBe(500);
    expect(res.text).toBe('ERROR: store unavailable encountered.');
  });

  it('when an error message contains markup, then it is sent as plain text, not HTML', async () => {
    const failing = buildApp({ books: failingRepository(new Error('<script>x</script>')) }).app;
    const res = await request(failing).get('/books');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('when a POST body is malformed JSON, then 400 with the parser message as text and nothing is created', async () => {
    const before = await listBooks(app);
    const res = await request(app)
      .post('/books')
      .set('Authorization', AUTH)
      .set('Content-Type', 'application/json')
      .send('{"title": "T", "author": ');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/JSON/);
    expectNoStackTrace(res.text);
    expect(await listBooks(app)).toEqual(before);
  });

  it.each(['patch', 'delete'] as const)(
    'when a %s body is malformed JSON, then 400 with a text body',
    async (method) => {
      const call = request(app)[method]('/books');
      const res = await call
        .set('Authorization', AUTH)
        .set('Content-Type', 'application/json')
        .send('{id: 1}');
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toMatch(/JSON/);
    },
  );

  it('when a GET carries a malformed JSON body, then 400 too (JSON is parsed on every /books route)', async () => {
    const res = await request(app)
      .get('/books')
      .set('Content-Type', 'application/json')
      .send('{oops');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('when a POST body is 2 MB, then 413 with a text body and nothing is created', async () => {
    const title = unique('Huge');
    const res = await request(app)
      .post('/books')
      .set('Authorization', AUTH)
      .send({ title, author: 'A', year: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('request entity too large');
    expect(await listBooks(app, { title })).toEqual([]);
  });

  it('when a POST body is just under 100 kB, then it is accepted', async () => {
    const res = await request(app)
      .post('/books')
      .set('Authorization', AUTH)
      .send({ title: unique('Big'), author: 'A', year: 'x'.repeat(99 * 1024) });
    expect(res.status).toBe(201);
  });

  it('when the JSON body uses an unsupported charset, then 415 with a text body', async () => {
    const res = await request(app)
      .post('/books')
      .set('Authorization', AUTH)
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{"title":"T","author":"A"}');
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/charset/);
  });

  it.each([
    ['GET', '/nowhere'],
    ['GET', '/books/1/extra'],
    ['PUT', '/books'],
    ['POST', '/books/123'],
    ['DELETE', '/books/123'],
    // No route takes OPTIONS, so it is unmatched on every path, those with routes included.
    ['OPTIONS', '/books'],
    ['OPTIONS', '/books/1'],
  ] as const)(
    'when %s %s matches no route, then 404 text "Cannot <METHOD> <path>"',
    async (method, path) => {
      const verb = method.toLowerCase() as Lowercase<typeof method>;
      const res = await request(app)[verb](path).set('Authorization', AUTH);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe(`Cannot ${method} ${path}`);
    },
  );

  it('when a path id has broken percent-encoding, then 404 Not Found like any id that names no book, not 500', async () => {
    const res = await request(app).get('/books/%E0%A4%A');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('Not Found');
    expectNoStackTrace(res.text);
  });

  it('when an unmatched path has a query string, then the 404 text names only the path', async () => {
    const res = await request(app).get('/nowhere?secret=1');
    expect(res.text).toBe('Cannot GET /nowhere');
  });
});
