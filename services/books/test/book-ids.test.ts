import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../src/domain/book.js';
import { nextBookId } from '../src/domain/book-id.js';
import { AUTH, buildApp, createBook, listBooks, unique } from './support.js';

const FROZEN_MS = 1_750_000_000_000;

/** 100 POSTs in flight at once against one listening server. */
async function createConcurrently(url: string, count: number): Promise<Book[]> {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      request(url)
        .post('/books')
        .set('Authorization', AUTH)
        .send({ title: unique(`Concurrent ${index}`), author: 'Parallel' }),
    ),
  );
  for (const res of responses) expect(res.status).toBe(201);
  return responses.map((res) => res.body as Book);
}

describe('book ids', () => {
  it('when two books are created in the same millisecond, then they get distinct, increasing ids', async () => {
    const { app } = buildApp({ clock: () => new Date(FROZEN_MS) });
    const first = await createBook(app, { title: unique('First'), author: 'A' });
    const second = await createBook(app, { title: unique('Second'), author: 'A' });
    expect(first.id).toBe(FROZEN_MS);
    expect(second.id).toBe(FROZEN_MS + 1);
  });

  it('when the clock moves on past the last id, then the id is the creation time again', async () => {
    let now = FROZEN_MS;
    const { app } = buildApp({ clock: () => new Date(now) });
    await createBook(app, { title: unique('a'), author: 'A' });
    await createBook(app, { title: unique('b'), author: 'A' });
    now = FROZEN_MS + 50;
    const later = await createBook(app, { title: unique('c'), author: 'A' });
    expect(later.id).toBe(FROZEN_MS + 50);
  });

  it('when the clock steps back, then ids still increase', async () => {
    let now = FROZEN_MS;
    const { app } = buildApp({ clock: () => new Date(now) });
    const first = await createBook(app, { title: unique('before'), author: 'A' });
    now = FROZEN_MS - 60_000;
    const second = await createBook(app, { title: unique('after'), author: 'A' });
    expect(second.id).toBe(first.id + 1);
  });

  it('when the previous id is ahead of the clock, then nextBookId is previous + 1, else the clock', () => {
    expect(nextBookId(1000, 999)).toBe(1000);
    expect(nextBookId(1000, 1000)).toBe(1001);
    expect(nextBookId(1000, 5000)).toBe(5001);
  });

  describe('under 100 concurrent creates', () => {
    let server: ReturnType<typeof createServer>;
    let frozenServer: ReturnType<typeof createServer>;
    const real = buildApp();
    const frozen = buildApp({ clock: () => new Date(FROZEN_MS) });

    beforeAll(async () => {
      server = createServer(real.app);
      frozenServer = createServer(frozen.app);
      await Promise.all([
        new Promise<void>((resolve) => server.listen(0, resolve)),
        new Promise<void>((resolve) => frozenServer.listen(0, resolve)),
      ]);
    });

    afterAll(async () => {
      await Promise.all([
        new Promise((resolve) => server.close(resolve)),
        new Promise((resolve) => frozenServer.close(resolve)),
      ]);
    });

    const urlOf = (s: ReturnType<typeof createServer>): string =>
      `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

    it('when the clock is real, then 100 distinct ids, increasing in creation order, near creation time', async () => {
      const before = Date.now();
      const created = await createConcurrently(urlOf(server), 100);
      const after = Date.now();

      const ids = created.map((book) => book.id);
      expect(new Set(ids).size).toBe(100);
      // Creation order is the order the store holds them in, which GET /books reports.
      const listed = (await listBooks(real.app)).map((book) => book.id);
      expect(new Set(listed)).toEqual(new Set(ids));
      for (let index = 1; index < listed.length; index += 1) {
        expect(listed[index]).toBeGreaterThan(listed[index - 1] ?? Infinity);
      }
      for (const id of ids) {
        expect(id).toBeGreaterThanOrEqual(before);
        // Each id is at most one past the previous one or the clock, so at most 99 past `after`.
        expect(id).toBeLessThanOrEqual(after + 99);
      }
    });

    it('when the clock is frozen, then 100 concurrent creates get exactly 100 consecutive ids', async () => {
      const created = await createConcurrently(urlOf(frozenServer), 100);
      const ids = created.map((book) => book.id).sort((a, b) => a - b);
      expect(ids).toEqual(Array.from({ length: 100 }, (_, index) => FROZEN_MS + index));
      const listed = (await listBooks(frozen.app)).map((book) => book.id);
      expect(listed).toEqual(ids);
    });
  });

  it('when a book is looked up by the id POST returned, then it is found', async () => {
    const { app } = buildApp();
    const book = await createBook(app, { title: unique('Findable'), author: 'A' });
    const res = await request(app).get(`/books/${book.id}`);
    expect(res.body).toEqual(book);
  });
});
