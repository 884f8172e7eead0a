import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp, createBook, unique } from './support.js';

describe('GET /books/:id', () => {
  const { app } = buildApp({ clock: () => new Date(1_000) });

  it('when a book has the id, then 200 with the book as JSON', async () => {
    const book = await createBook(app, { title: unique('Found'), author: 'A', year: 1999 });
    const res = await request(app).get(`/books/${book.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(book);
  });

  it('when the book is asked for with HEAD, then 200 with the JSON headers and no body', async () => {
    const book = await createBook(app, { title: unique('Headed'), author: 'A' });
    const res = await request(app).head(`/books/${book.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.text ?? '').toBe('');
  });

  it('when no book has the id, then 404 with the standard status text', async () => {
    const book = await createBook(app, { title: unique('Neighbour'), author: 'A' });
    const res = await request(app).get(`/books/${book.id + 1_000_000}`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('Not Found');
  });

  it('when the id has leading zeros, then it is read as the same number', async () => {
    const book = await createBook(app, { title: unique('Zeros'), author: 'A' });
    const res = await request(app).get(`/books/000${book.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(book);
  });

  it.each([
    ['letters', 'abc'],
    ['digits then letters', '1000abc'],
    ['a negative number', '-1000'],
    ['a decimal', '1000.0'],
    ['exponent notation', '1e3'],
    ['hexadecimal', '0x3e8'],
    ['a number beyond safe integers', '99999999999999999999'],
    ['an encoded space before the digits', '%201000'],
  ])('when the id is %s, then 404 with the status text', async (_case, id) => {
    // The clock is frozen at 1000, so the first book in this file has id 1000.
    const res = await request(app).get(`/books/${id}`);
    expect(res.status).toBe(404);
    expect(res.text).toBe('Not Found');
  });

  it('when the path is /books/badroute, then the badroute handler answers, not the id route', async () => {
    const res = await request(app).get('/books/badroute');
    expect(res.status).toBe(500);
    expect(res.text).toBe('ERROR: deliberate failure of /books/badroute encountered.');
  });
});
