import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp, createBook, listBooks, unique } from './support.js';

describe('data lives in memory', () => {
  it('when the service restarts (a new app over a new in-memory store), then earlier books are gone', async () => {
    const first = buildApp();
    const book = await createBook(first.app, { title: unique('Ephemeral'), author: 'A' });
    expect(await listBooks(first.app)).toEqual([book]);

    const restarted = buildApp();
    expect(await listBooks(restarted.app)).toEqual([]);
    expect((await request(restarted.app).get(`/books/${book.id}`)).status).toBe(404);
  });

  it('when two apps run side by side, then each keeps its own books', async () => {
    const a = buildApp();
    const b = buildApp();
    const inA = await createBook(a.app, { title: unique('Only in A'), author: 'A' });
    expect(await listBooks(a.app)).toEqual([inA]);
    expect(await listBooks(b.app)).toEqual([]);
  });
});
