import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AUTH, buildApp, createBook, listBooks, unique } from './support.js';

describe('DELETE /books', () => {
  const { app } = buildApp();

  function remove(body?: unknown): request.Test {
    const req = request(app).delete('/books').set('Authorization', AUTH);
    return body === undefined ? req : req.send(body as object);
  }

  it('when a book has the id, then 200 with the status text and the book is gone', async () => {
    const book = await createBook(app, { title: unique('Doomed'), author: 'A' });
    const res = await remove({ id: book.id });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('OK');
    expect((await request(app).get(`/books/${book.id}`)).status).toBe(404);
    expect(await listBooks(app, { title: book.title })).toEqual([]);
  });

  it('when the id is sent as text, then it is converted to a number and the book is removed', async () => {
    const book = await createBook(app, { title: unique('Text id'), author: 'A' });
    const res = await remove({ id: String(book.id) });
    expect(res.status).toBe(200);
    expect((await request(app).get(`/books/${book.id}`)).status).toBe(404);
  });

  it('when one book is removed, then the others stay', async () => {
    const author = unique('Siblings');
    const gone = await createBook(app, { title: unique('gone'), author });
    const kept = await createBook(app, { title: unique('kept'), author });
    await remove({ id: gone.id });
    expect(await listBooks(app, { author })).toEqual([kept]);
  });

  it.each([
    ['an unknown id', (id: number) => ({ id: id + 1_000_000 })],
    ['no id', () => ({})],
    ['a non-numeric text id', () => ({ id: 'abc' })],
    ['a null id', () => ({ id: null })],
    ['a boolean id', () => ({ id: true })],
    ['the id inside an array', (id: number) => ({ id: [id] })],
    ['the id inside an object', (id: number) => ({ id: { id } })],
    ['an array body', (id: number) => [{ id }]],
  ])(
    'when the body has %s, then 200 with the status text and nothing is removed',
    async (_case, bodyFor) => {
      const author = unique('Untouched');
      const book = await createBook(app, { title: unique('t'), author });
      const res = await remove(bodyFor(book.id));
      expect(res.status).toBe(200);
      expect(res.text).toBe('OK');
      expect(await listBooks(app, { author })).toEqual([book]);
    },
  );

  it('when there is no body, then 200 and nothing is removed', async () => {
    const author = unique('No body');
    const book = await createBook(app, { title: unique('t'), author });
    const res = await remove();
    expect(res.status).toBe(200);
    expect(await listBooks(app, { author })).toEqual([book]);
  });

  it('when the same id is deleted twice, then both answers are 200', async () => {
    const book = await createBook(app, { title: unique('Twice'), author: 'A' });
    expect((await remove({ id: book.id })).status).toBe(200);
    expect((await remove({ id: book.id })).status).toBe(200);
  });
});
