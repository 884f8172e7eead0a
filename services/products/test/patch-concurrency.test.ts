import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  createProductsRepository,
  type GuardedUpdateOptions,
} from '../src/data/products-repository.js';
import type { ProductChanges } from '../src/domain/product.js';
import { patchProduct, type PatchStore } from '../src/domain/patch-product.js';
import { createProduct, readProduct, uniqueName, useProductsApp } from './support.js';

const products = useProductsApp('products_patch_concurrency');

interface PatchOutcome {
  body: Record<string, unknown>;
  status: number;
  sent: Record<string, unknown>;
}

async function sendPatch(id: string, sent: Record<string, unknown>): Promise<PatchOutcome> {
  const response = await request(products.app).patch(`/products/${id}`).send(sent);
  return { status: response.status, body: response.body as Record<string, unknown>, sent };
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j] as T] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

describe('concurrent PATCHes', () => {
  it('when price fixes race PATCHes that rely on the stored price, then no accepted PATCH ever saw a negative price and no rejected PATCH left a trace', async () => {
    for (let round = 0; round < 5; round += 1) {
      // Creation does not validate, so the product starts with a price the rules refuse to keep.
      const id = await createProduct(products.app, { modelName: uniqueName('race'), price: -5 });
      const patches = shuffled([
        ...Array.from({ length: 15 }, (_, i) => ({ price: i + 1 })),
        ...Array.from({ length: 15 }, (_, i) => ({ color: `colour-${round}-${i}` })),
        ...Array.from({ length: 10 }, (_, i) => ({ price: -(i + 1), color: `refused-${i}` })),
        ...Array.from({ length: 10 }, (_, i) => ({ quantity: -(i + 1), color: `refused-q-${i}` })),
      ]);

      const outcomes = await Promise.all(patches.map((sent) => sendPatch(id, sent)));

      for (const outcome of outcomes) {
        if (outcome.status === 200) {
          // Each accepted PATCH answers with the state it wrote: never a negative price.
          expect(outcome.body.price).toBeGreaterThanOrEqual(0);
          expect(outcome.body).toMatchObject(outcome.sent);
        } else {
          expect(outcome.status).toBe(400);
          expect(['price cannot be negative', 'quantity cannot be negative']).toContain(
            outcome.body.error,
          );
        }
      }
      for (const outcome of outcomes.filter((o) => 'price' in o.sent && o.status === 200)) {
        expect(outcome.sent.price).toBeGreaterThan(0);
      }

      const final = await readProduct(products.app, id);
      const accepted = outcomes.filter((o) => o.status === 200);
      const acceptedColours = accepted.map((o) => o.sent.color).filter((c) => c !== undefined);
      const acceptedPrices = accepted.map((o) => o.sent.price).filter((p) => p !== undefined);
      // The final state is made only of values from accepted PATCHes.
      expect(final.quantity).toBe(0);
      expect(acceptedPrices).toContain(final.price);
      if (acceptedColours.length === 0) expect(final.color).toBe('');
      else expect(acceptedColours).toContain(final.color);
      // A colour PATCH can only have been accepted after some price fix was written.
      if (acceptedColours.length > 0) expect(acceptedPrices.length).toBeGreaterThan(0);
    }
  });

  it('when PATCHes race a DELETE of the same product, then the product stays deleted and each PATCH answers 200 or 404', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await createProduct(products.app, {
        modelName: uniqueName('deleted race'),
        price: 1,
      });
      const patches = Array.from({ length: 10 }, (_, i) => sendPatch(id, { quantity: i }));
      const deletion = request(products.app).delete(`/products/${id}`);

      const [deleted, ...outcomes] = await Promise.all([deletion, ...patches]);

      expect(deleted.status).toBe(204);
      for (const outcome of outcomes) expect([200, 404]).toContain(outcome.status);
      expect((await request(products.app).get(`/products/${id}`)).status).toBe(404);
      expect(await products.raw.findOne({ _id: new ObjectId(id) })).toBeNull();
    }
  });

  it('when the stored price turns negative between the request and the write, then the PATCH is refused and writes nothing', async () => {
    const id = await createProduct(products.app, {
      modelName: uniqueName('interleaved'),
      price: 10,
    });
    const objectId = new ObjectId(id);
    const repository = createProductsRepository(products.testDb.db);
    // A store that lets another writer land just before the update reaches the database: the
    // rule must be judged on the price at the moment of writing, not on any earlier read.
    const store: PatchStore = {
      exists: (productId: ObjectId) => repository.exists(productId),
      findById: (productId: ObjectId) => repository.findById(productId),
      updateGuarded: async (
        productId: ObjectId,
        changes: ProductChanges,
        options: GuardedUpdateOptions,
      ) => {
        await products.raw.updateOne({ _id: objectId }, { $set: { price: -3 } });
        return repository.updateGuarded(productId, changes, options);
      },
    };

    await expect(patchProduct(store, objectId, { color: 'late' })).rejects.toThrow(
      'price cannot be negative',
    );

    const stored = await products.raw.findOne({ _id: objectId });
    expect(stored?.color).toBe('');
    expect(stored?.price).toBe(-3);
  });
});
