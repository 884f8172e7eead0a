import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BookStatus, type Book } from '../src/domain/book.js';
import { AUTH, buildApp, createBook, unique } from './support.js';

const PATCH_SHAPE_INVALID = 'PATCH needs an "id" and at least one field to change.';
const PATCH_FIELDS_INVALID = 'PATCH "title" and "author", when given, must be non-blank strings.';

describe('PATCH /books', () => {
  const { app } = buildApp();

  function patch(body?: unknown): request.Test {
    const req = request(app).patch('/books').set('Authorization', AUTH);
    return body === undefined ? req : req.send(body as object);
  }

  async function stored(id: number): Promise<Book> {
    const res = await request(app).get(`/books/${id}`);
    expect(res.status).toBe(200);
    return res.body as Book;
  }

  it('when title, author and year are sent, then 200 with the status text and all three change', async () => {
    const book = await createBook(app, { title: unique('Old'), author: 'Old A', year: 1900 });
    const title = unique('New');
    const res = await patch({ id: book.id, title, author: 'New A', year: 2000 });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('OK');
    expect(await stored(book.id)).toEqual({ ...book, title, author: 'New A', year: 2000 });
  });

  it('when only one field is sent, then only that field changes', async () => {
    const book = await createBook(app, { title: unique('Partial'), author: 'A', year: 1 });
    expect((await patch({ id: book.id, author: 'B' })).status).toBe(200);
    expect(await stored(book.id)).toEqual({ ...book, author: 'B' });
  });

  it('when a book without a year gets one, then it is copied as given', async () => {
    const book = await createBook(app, { title: unique('Yearless'), author: 'A' });
    expect((await patch({ id: book.id, year: { approx: 'c. 1600' } })).status).toBe(200);
    expect(await stored(book.id)).toEqual({ ...book, year: { approx: 'c. 1600' } });
  });

  it('when year is sent as null, then the year becomes null', async () => {
    const book = await createBook(app, { title: unique('Null year'), author: 'A', year: 5 });
    expect((await patch({ id: book.id, year: null })).status).toBe(200);
    expect((await stored(book.id)).year).toBeNull();
  });

  it('when status, id-like or unknown keys are sent, then they are ignored and 200', async () => {
    const book = await createBook(app, { title: unique('Status'), author: 'A' });
    const res = await patch({
      id: book.id,
      status: BookStatus.STATUS_CHECKED_OUT,
      isbn: 'x',
      title: `${book.title} (2nd ed.)`,
    });
    expect(res.status).toBe(200);
    const after = await stored(book.id);
    expect(after).toEqual({ ...book, title: `${book.title} (2nd ed.)` });
    expect(after.status).toBe(BookStatus.STATUS_AVAILABLE);
  });

  it('when the only other key is one that is ignored, then 200 and nothing changes', async () => {
    const book = await createBook(app, { title: unique('Only status'), author: 'A' });
    const res = await patch({ id: book.id, status: BookStatus.STATUS_LOST });
    expect(res.status).toBe(200);
    expect(await stored(book.id)).toEqual(book);
  });

  it('when the id is sent as text, then it is converted to a number and the book changes', async () => {
    const book = await createBook(app, { title: unique('Text id'), author: 'A' });
    expect((await patch({ id: String(book.id), author: 'Z' })).status).toBe(200);
    expect((await stored(book.id)).author).toBe('Z');
  });

  it('when no book has the id, then 404 with the standard status text', async () => {
    const book = await createBook(app, { title: unique('Near'), author: 'A' });
    const res = await patch({ id: book.id + 1_000_000, title: 'x' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('Not Found');
  });

  it.each([
    ['a non-numeric id', { id: 'abc', title: 'x' }],
    ['a null id', { id: null, title: 'x' }],
  ])('when the body has %s, then 404 (no book has it)', async (_case, body) => {
    expect((await patch(body)).status).toBe(404);
  });

  it.each([
    ['has no id', { title: 'x', author: 'y' }],
    ['has only the id', { id: 1 }],
    ['is empty', {}],
    ['is an array', [{ id: 1, title: 'x' }]],
  ])('when the body %s, then 400 with the text body', async (_case, body) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe(PATCH_SHAPE_INVALID);
  });

  it('when there is no body at all, then 400 with the text body', async () => {
    const res = await patch();
    expect(res.status).toBe(400);
    expect(res.text).toBe(PATCH_SHAPE_INVALID);
  });

  it('when the body has only the id of an unknown book, then 400 (validation before lookup)', async () => {
    const res = await patch({ id: 424242 });
    expect(res.status).toBe(400);
    expect(res.text).toBe(PATCH_SHAPE_INVALID);
  });

  it.each([
    ['an empty title', { title: '' }],
    ['a blank author', { author: '   ' }],
    ['a numeric title', { title: 42 }],
    ['a null author', { author: null }],
  ])('when the body has %s, then 400 and nothing changes', async (_case, fields) => {
    const book = await createBook(app, { title: unique('Guarded'), author: 'A', year: 3 });
    const res = await patch({ id: book.id, year: 4, ...fields });
    expect(res.status).toBe(400);
    expect(res.text).toBe(PATCH_FIELDS_INVALID);
    expect(await stored(book.id)).toEqual(book);
  });

  it('when a field is invalid and the id unknown, then 400 (validation before lookup)', async () => {
    const res = await patch({ id: 424242, title: '' });
    expect(res.status).toBe(400);
    expect(res.text).toBe(PATCH_FIELDS_INVALID);
  });
});
