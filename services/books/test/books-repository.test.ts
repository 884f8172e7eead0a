import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createBooksRepository } from '../src/data/books-repository.js';
import { AUTH, buildApp, createBook, unique } from './support.js';

describe('the in-memory store hands out books nobody can change by accident', () => {
  it('when a caller assigns to a book it was handed, then it throws and the stored book stays', () => {
    const books = createBooksRepository();
    const { id } = books.create({ title: 'Kept', author: 'A', year: { from: 1850 } });
    const handedOut = books.findById(id);
    expect(() => Object.assign(handedOut ?? {}, { title: 'changed' })).toThrow(TypeError);
    expect(() => Object.assign(handedOut?.year ?? {}, { from: 0 })).toThrow(TypeError);
    expect(books.list({})).toEqual([
      { id, title: 'Kept', author: 'A', year: { from: 1850 }, status: 0, version: 0 },
    ]);
  });

  it('when the object a year came from changes afterwards, then the stored year does not', () => {
    const books = createBooksRepository();
    const year = { from: 1850, tags: ['first'] };
    const { id } = books.create({ title: 'Copied', author: 'A', year });
    const changes = { year: { to: 1852 } };
    books.update(id, changes);
    year.tags.push('second');
    changes.year.to = 0;
    expect(books.findById(id)?.year).toEqual({ to: 1852 });
  });

  it('when a book changes, then it keeps its place in the list (creation order)', () => {
    const books = createBooksRepository({ clock: () => new Date(1_000) });
    const first = books.create({ title: 'First', author: 'A' });
    const second = books.create({ title: 'Second', author: 'A' });
    books.update(first.id, { author: 'B' });
    expect(books.list({}).map((book) => book.id)).toEqual([first.id, second.id]);
  });

  it('when a book without a year gets one by PATCH, then its JSON still reads id, title, author, year, status', async () => {
    const { app } = buildApp();
    const book = await createBook(app, { title: unique('Order'), author: 'A' });
    await request(app).patch('/books').set('Authorization', AUTH).send({ id: book.id, year: 1 });
    const res = await request(app).get(`/books/${book.id}`);
    expect(Object.keys(res.body as object)).toEqual(['id', 'title', 'author', 'year', 'status']);
  });
});
