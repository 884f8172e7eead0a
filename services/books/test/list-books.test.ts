import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp, createBook, listBooks, unique } from './support.js';

describe('GET /books', () => {
  it('when no book exists, then 200 with an empty array', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/books');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual([]);
  });

  it('when there are no filters, then every book, oldest first', async () => {
    const { app } = buildApp();
    const a = await createBook(app, { title: unique('A'), author: 'X' });
    const b = await createBook(app, { title: unique('B'), author: 'Y', year: 2000 });
    expect(await listBooks(app)).toEqual([a, b]);
  });

  describe('filters', () => {
    const { app } = buildApp();

    it('when title is given, then only books with exactly that title', async () => {
      const title = unique('Middlemarch');
      const match = await createBook(app, { title, author: 'George Eliot' });
      await createBook(app, { title: `${title} II`, author: 'George Eliot' });
      expect(await listBooks(app, { title })).toEqual([match]);
    });

    it('when title differs only in case, then no match (matching is case-sensitive)', async () => {
      const title = unique('Case Sensitive');
      await createBook(app, { title, author: 'A' });
      expect(await listBooks(app, { title: title.toUpperCase() })).toEqual([]);
      expect(await listBooks(app, { title: title.toLowerCase() })).toEqual([]);
    });

    it('when title is only part of a title, then no match (no substring search)', async () => {
      const title = unique('Whole Title');
      await createBook(app, { title, author: 'A' });
      expect(await listBooks(app, { title: title.slice(0, 8) })).toEqual([]);
    });

    it('when author is given, then only books by exactly that author', async () => {
      const author = unique('Author');
      const one = await createBook(app, { title: unique('One'), author });
      const two = await createBook(app, { title: unique('Two'), author });
      await createBook(app, { title: unique('Three'), author: `${author}.` });
      expect(await listBooks(app, { author })).toEqual([one, two]);
    });

    it('when title and author are both given, then only books matching both (AND)', async () => {
      const author = unique('Both');
      const title = unique('Same title');
      const both = await createBook(app, { title, author });
      await createBook(app, { title, author: unique('Other author') });
      await createBook(app, { title: unique('Other title'), author });
      expect(await listBooks(app, { title, author })).toEqual([both]);
    });

    it('when title, author and year are all given, then all three must match', async () => {
      const author = unique('Three filters');
      const title = unique('T');
      const match = await createBook(app, { title, author, year: 1990 });
      await createBook(app, { title, author, year: 1991 });
      await createBook(app, { title, author });
      expect(await listBooks(app, { title, author, year: '1990' })).toEqual([match]);
      expect(await listBooks(app, { title, author, year: '1992' })).toEqual([]);
    });

    it('when year is given, then it matches a numeric year and the same year sent as text', async () => {
      const author = unique('Year');
      const numeric = await createBook(app, { title: unique('n'), author, year: 1984 });
      const text = await createBook(app, { title: unique('t'), author, year: '1984' });
      await createBook(app, { title: unique('other'), author, year: 1985 });
      await createBook(app, { title: unique('none'), author });
      expect(await listBooks(app, { author, year: '1984' })).toEqual([numeric, text]);
    });

    it('when year is given, then a year written differently as text does not match', async () => {
      const author = unique('Year text');
      await createBook(app, { title: unique('padded'), author, year: ' 1984' });
      await createBook(app, { title: unique('decimal'), author, year: 1984.5 });
      expect(await listBooks(app, { author, year: '1984' })).toEqual([]);
      expect(await listBooks(app, { author, year: '1984.5' })).toHaveLength(1);
    });

    it.each([
      ['no year', {}, 'undefined'],
      ['a null year', { year: null }, 'null'],
      ['an object year', { year: { y: 1 } }, '[object Object]'],
      ['a boolean year', { year: true }, 'true'],
    ])('when a book has %s, then no year filter matches it', async (_case, extra, query) => {
      const author = unique('No usable year');
      await createBook(app, { title: unique('t'), author, ...extra });
      expect(await listBooks(app, { author, year: query })).toEqual([]);
    });

    it('when a filter value needs URL encoding, then it is decoded before matching', async () => {
      const title = unique('Le Petit Prince & «Ünïcode»?');
      const book = await createBook(app, { title, author: 'Antoine de Saint-Exupéry' });
      const res = await request(app).get(`/books?title=${encodeURIComponent(title)}`);
      expect(res.body).toEqual([book]);
    });

    it('when a filter is empty (?title=), then it matches only an empty value, so no book', async () => {
      const author = unique('Empty filter');
      await createBook(app, { title: unique('t'), author });
      expect(await listBooks(app, { author, title: '' })).toEqual([]);
    });

    it('when an unknown query key is given, then it is ignored', async () => {
      const author = unique('Unknown key');
      const book = await createBook(app, { title: unique('t'), author });
      expect(await listBooks(app, { author, status: '99', sort: 'desc' })).toEqual([book]);
    });

    it.each([
      ['title', '"title"'],
      ['author', '"author"'],
      ['year', '"year"'],
    ])('when %s is repeated, then 400 with a text body naming it', async (key, named) => {
      const res = await request(app).get(`/books?${key}=a&${key}=b`);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe(`Each query parameter may be given at most once; repeated: ${named}.`);
    });

    it('when several keys are repeated, then the 400 names each of them', async () => {
      const res = await request(app).get('/books?title=a&title=b&year=1&year=2');
      expect(res.status).toBe(400);
      expect(res.text).toBe(
        'Each query parameter may be given at most once; repeated: "title", "year".',
      );
    });
  });
});
