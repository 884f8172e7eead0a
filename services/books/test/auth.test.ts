import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Book } from '../src/domain/book.js';
import { AUTH, TOKEN, buildApp, createBook, listBooks, unique } from './support.js';

const { app } = buildApp();

/**
 * Loose parsing: the header is split on single spaces and the SECOND part must equal the token.
 * The first word is not checked, and anything after the second part is ignored.
 */
const REJECTED_HEADERS: [string, string | undefined][] = [
  ['no Authorization header', undefined],
  ['a wrong token', 'Bearer wrong-token'],
  ['"Bearer" alone', 'Bearer'],
  ['"Bearer" and a trailing space', 'Bearer '],
  ['the token alone, without a scheme word', TOKEN],
  ['two spaces before the token (second part empty)', `Bearer  ${TOKEN}`],
  ['a tab instead of a space', `Bearer\t${TOKEN}`],
  ['the token in another case', `Bearer ${TOKEN.toUpperCase()}`],
  ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
  ['the token with a suffix', `Bearer ${TOKEN}x`],
  ['the token as the third part', `Bearer x ${TOKEN}`],
  ['the development token when another is configured', 'Bearer dev-books-token'],
  ['an empty header', ''],
];

const ACCEPTED_HEADERS: [string, string][] = [
  ['"Bearer <token>"', AUTH],
  ['a lower-case scheme word', `bearer ${TOKEN}`],
  ['another scheme word', `Token ${TOKEN}`],
  ['extra parts after the token', `Bearer ${TOKEN} trailing words`],
];

function withAuth(req: request.Test, header: string | undefined): request.Test {
  return header === undefined ? req : req.set('Authorization', header);
}

function expectForbidden(res: request.Response): void {
  expect(res.status).toBe(403);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.text).toBe('Forbidden');
}

describe('bearer token on POST, PATCH and DELETE /books', () => {
  describe.each(REJECTED_HEADERS)('when the request has %s', (_form, header) => {
    it('then POST is 403 with the status text and creates nothing', async () => {
      const title = unique('Unauthorised');
      const res = await withAuth(request(app).post('/books'), header).send({ title, author: 'A' });
      expectForbidden(res);
      expect(await listBooks(app, { title })).toEqual([]);
    });

    it('then PATCH is 403 with the status text and changes nothing', async () => {
      const book = await createBook(app, { title: unique('Keep'), author: 'A', year: 1 });
      const res = await withAuth(request(app).patch('/books'), header).send({
        id: book.id,
        title: 'changed',
        author: 'changed',
        year: 2,
      });
      expectForbidden(res);
      expect((await request(app).get(`/books/${book.id}`)).body).toEqual(book);
    });

    it('then DELETE is 403 with the status text and removes nothing', async () => {
      const book = await createBook(app, { title: unique('Stay'), author: 'A' });
      const res = await withAuth(request(app).delete('/books'), header).send({ id: book.id });
      expectForbidden(res);
      expect((await request(app).get(`/books/${book.id}`)).status).toBe(200);
    });
  });

  describe.each(ACCEPTED_HEADERS)('when the request has %s', (_form, header) => {
    it('then POST, PATCH and DELETE succeed', async () => {
      const created = await request(app)
        .post('/books')
        .set('Authorization', header)
        .send({ title: unique('Loose'), author: 'A' });
      expect(created.status).toBe(201);
      const id = (created.body as Book).id;

      const patched = await request(app)
        .patch('/books')
        .set('Authorization', header)
        .send({ id, year: 2020 });
      expect(patched.status).toBe(200);

      const deleted = await request(app).delete('/books').set('Authorization', header).send({ id });
      expect(deleted.status).toBe(200);
      expect((await request(app).get(`/books/${id}`)).status).toBe(404);
    });
  });

  it('when GET routes have no token, then they answer normally', async () => {
    const book = await createBook(app, { title: unique('Open'), author: 'A' });
    expect((await request(app).get('/books')).status).toBe(200);
    expect((await request(app).get(`/books/${book.id}`)).status).toBe(200);
  });
});

describe('authentication runs before validation', () => {
  it('when POST has no token and an invalid body, then 403 (not 400)', async () => {
    expectForbidden(await request(app).post('/books').send({ title: '  ' }));
  });

  it('when PATCH has no token and a body without id, then 403 (not 400)', async () => {
    expectForbidden(await request(app).patch('/books').send({}));
  });

  it('when PATCH has a wrong token and an unknown id, then 403 (not 404)', async () => {
    const res = await request(app)
      .patch('/books')
      .set('Authorization', 'Bearer wrong')
      .send({ id: 1, title: 'x' });
    expectForbidden(res);
  });

  it('when DELETE has no token and no body, then 403 (not 200)', async () => {
    expectForbidden(await request(app).delete('/books'));
  });

  it.each([
    ['POST', 'post'],
    ['PATCH', 'patch'],
    ['DELETE', 'delete'],
  ] as const)(
    'when %s has no token and malformed JSON, then 403 (the body is not even parsed)',
    async (_name, method) => {
      const call = request(app)[method]('/books');
      const res = await call.set('Content-Type', 'application/json').send('{"title": oops');
      expectForbidden(res);
    },
  );

  it('when POST has no token and a 2 MB body, then 403 (not 413)', async () => {
    const res = await request(app)
      .post('/books')
      .send({ title: 'x'.repeat(2 * 1024 * 1024), author: 'A' });
    expectForbidden(res);
  });
});
