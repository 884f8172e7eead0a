import { describe, expect, it } from 'vitest';
import { useListeningApp } from '@repo/common/testing';
import type { Book } from '../src/domain/book.js';
import { AUTH, buildApp } from './support.js';

const frozen = new Date('2026-01-01T00:00:00Z');
const built = buildApp({ clock: () => frozen });
const server = useListeningApp(() => built.app);

describe('concurrent creates', () => {
  it('when 100 POSTs arrive at once within one millisecond, then each book gets its own id and all 100 are stored', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const response = await fetch(`${server.url}/books`, {
          method: 'POST',
          headers: { authorization: AUTH, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `race ${index}`, author: 'racer' }),
        });
        expect(response.status).toBe(201);
        return (await response.json()) as Book;
      }),
    );
    const ids = answers.map((book) => book.id);
    expect(new Set(ids).size).toBe(100);
    expect(built.books.list({ author: 'racer' })).toHaveLength(100);
  });
});
