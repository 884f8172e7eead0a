import { describe, expect, it } from 'vitest';
import { useListeningApp } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { buildApp, countStored } from './support.js';

const testDb = useTestDatabase('mini_store_create_concurrency');
const server = useListeningApp(() => buildApp(testDb.db));

describe('concurrent creates', () => {
  it('when 100 POSTs arrive at once, then each product gets its own id and all 100 are stored', async () => {
    const ids = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const response = await fetch(`${server.url}/products`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `race ${index}`, price: 1, quantity: 1 }),
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { id: string }).id;
      }),
    );
    expect(new Set(ids).size).toBe(100);
    expect(await countStored(testDb.db)).toBe(100);
  });
});
