import { describe, expect, it } from 'vitest';
import { useListeningApp } from '@repo/common/testing';
import { uniqueName, useProductsApp } from './support.js';

const products = useProductsApp('products_create_concurrency');
const server = useListeningApp(() => products.app);

describe('concurrent creates', () => {
  it('when 100 POSTs arrive at once, then each product gets its own id and all 100 are stored', async () => {
    const maker = uniqueName('racer');
    const ids = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const response = await fetch(`${server.url}/products`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ modelName: `race ${index}`, manufacturer: maker }),
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { id: string }).id;
      }),
    );
    expect(new Set(ids).size).toBe(100);
    expect(await products.raw.countDocuments({ manufacturer: maker })).toBe(100);
  });
});
