import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BookStatus } from '../src/domain/book.js';
import { AUTH, buildApp, createBook, listBooks, unique } from './support.js';

const NEW_BOOK_INVALID = 'Book data must include non-blank "title" and "author" fields.';

describe('POST /books', () => {
  const { app, books } = buildApp();

  it('when title, author and year are valid, then 201 with the book as JSON', async () => {
    const title = unique('Dune');
    const before = Date.now();
    const res = await request(app)
      .post('/books')
      .set('Authorization', AUTH)
      .send({ title, author: 'Frank Herbert', year: 1965 });
    const after = Date.now();

    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title,
      author: 'Frank Herbert',
      year: 1965,
      status: BookStatus.STATUS_AVAILABLE,
    });
    // The id is the creation time in ms.
    expect(res.body.id).toBeGreaterThanOrEqual(before);
    expect(res.body.id).toBeLessThanOrEqual(after);
  });

  it('when a book is created, then its status is the number STATUS_AVAILABLE (0)', async () => {
    const book = await createBook(app, { title: unique('Emma'), author: 'Jane Austen' });
    expect(book.status).toBe(BookStatus.STATUS_AVAILABLE);
    expect(BookStatus.STATUS_AVAILABLE).toBe(0);
    expect(typeof book.status).toBe('number');
  });

  it('when the body has no year, then the book has no year key at all', async () => {
    const book = await createBook(app, { title: unique('Ulysses'), author: 'James Joyce' });
    expect(Object.keys(book)).toEqual(['id', 'title', 'author', 'status']);

    const stored = await request(app).get(`/books/${book.id}`);
    expect(Object.keys(stored.body as object)).toEqual(['id', 'title', 'author', 'status']);
  });

  it.each([
    ['a number', 1999],
    ['a fractional number', 1999.5],
    ['text', 'circa 1850'],
    ['numeric text', '1999'],
    ['null', null],
    ['an object', { from: 1850, to: 1852 }],
    ['an array', [1850, 1851]],
    ['a boolean', false],
  ])('when year is %s, then it is copied as given', async (_kind, year) => {
    const book = await createBook(app, { title: unique('Copied'), author: 'Anon', year });
    expect(book.year).toEqual(year);

    const stored = await request(app).get(`/books/${book.id}`);
    expect((stored.body as { year: unknown }).year).toEqual(year);
  });

  it('when the body has other keys (id, status, extra), then only title, author and year are taken', async () => {
    const title = unique('Ignored keys');
    const res = await request(app).post('/books').set('Authorization', AUTH).send({
      title,
      author: 'Someone',
      year: 2001,
      id: 42,
      status: BookStatus.STATUS_LOST,
      isbn: '978-0',
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body as object)).toEqual(['id', 'title', 'author', 'year', 'status']);
    expect(res.body.id).not.toBe(42);
    expect(res.body.status).toBe(BookStatus.STATUS_AVAILABLE);
  });

  it('when the JSON has a "__proto__" key, then it is dropped like any other key', async () => {
    const title = unique('Proto');
    const res = await request(app)
      .post('/books')
      .set('Authorization', AUTH)
      .set('Content-Type', 'application/json')
      .send(`{"title":${JSON.stringify(title)},"author":"A","__proto__":{"polluted":true}}`);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body as object)).toEqual(['id', 'title', 'author', 'status']);
    expect((res.body as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('when title and author have surrounding spaces, then they are stored as sent', async () => {
    const title = `  ${unique('Spaced')}  `;
    const book = await createBook(app, { title, author: ' Poet ' });
    expect(book.title).toBe(title);
    expect(book.author).toBe(' Poet ');
  });

  it.each([
    ['title is missing', { author: 'A' }],
    ['author is missing', { title: 'T' }],
    ['both are missing', { year: 2000 }],
    ['title is empty', { title: '', author: 'A' }],
    ['author is empty', { title: 'T', author: '' }],
    ['title is blank', { title: '   ', author: 'A' }],
    ['author is blank (tabs and newlines)', { title: 'T', author: '\t\n ' }],
    ['title is a number', { title: 42, author: 'A' }],
    ['author is null', { title: 'T', author: null }],
    ['title is an array', { title: ['T'], author: 'A' }],
    ['title is an object', { title: { text: 'T' }, author: 'A' }],
    ['the body is an empty object', {}],
    ['the body is an array', [{ title: 'T', author: 'A' }]],
  ])('when %s, then 400 with the text body and nothing is created', async (_case, body) => {
    const marker = unique('must not exist');
    const sent = Array.isArray(body) ? body : { ...body, year: marker };
    const res = await request(app).post('/books').set('Authorization', AUTH).send(sent);

    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe(NEW_BOOK_INVALID);
    expect(await listBooks(app, { year: marker })).toEqual([]);
  });

  it('when there is no body at all, then 400 with the text body', async () => {
    const res = await request(app).post('/books').set('Authorization', AUTH);
    expect(res.status).toBe(400);
    expect(res.text).toBe(NEW_BOOK_INVALID);
  });

  it('when the body is not JSON (text/plain), then 415 naming JSON in Accept-Post, and nothing is stored', async () => {
    const before = books.list({}).length;
    const res = await request(app)
      .post('/books')
      .set('Authorization', AUTH)
      .set('Content-Type', 'text/plain')
      .send('{"title":"T","author":"A"}');
    expect(res.status).toBe(415);
    expect(res.headers['accept-post']).toBe('application/json');
    expect(res.text).toBe('Content-Type must be application/json');
    expect(books.list({})).toHaveLength(before);
  });

  it('when a book is created, then GET /books/:id and GET /books return it', async () => {
    const title = unique('Persuasion');
    const book = await createBook(app, { title, author: 'Jane Austen', year: 1817 });

    const byId = await request(app).get(`/books/${book.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(book);
    expect(await listBooks(app, { title })).toEqual([book]);
  });
});
