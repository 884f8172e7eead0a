import fc from 'fast-check';
import { beforeEach } from 'vitest';
import { type FuzzTarget, ResponseContract, useListeningApp } from '@repo/common/testing';
import { apiDocument } from '../src/app.js';
import { storedProducts, useProductsApp } from './support.js';

/**
 * The app under test for a fuzz file, over the file's own database, with five products stored
 * before each route's run; returns the target (its document and what it stores) for both kinds
 * of generated requests. The generated and the hostile requests are two files so that they run
 * side by side.
 */
export function useFuzzTarget(label: string): () => FuzzTarget & { existing: readonly string[] } {
  const document = apiDocument();
  const contract = new ResponseContract(document);
  const products = useProductsApp(label);
  const server = useListeningApp(() => products.app);
  /** Ids that exist when a route's run starts, so reads, updates and deletes also find products. */
  let existing: string[] = [];

  beforeEach(async () => {
    // Each route's run starts from the same five products: a refused write is compared with a
    // snapshot of everything stored, which would otherwise grow with every earlier route's writes.
    await storedProducts(products.testDb.db).deleteMany({});
    const inserted = await storedProducts(products.testDb.db).insertMany(
      [0, 1, 2, 3, 4].map((index) => ({
        modelName: `fuzz ${index}`,
        modelNumber: '',
        manufacturer: '',
        color: '',
        price: index,
        quantity: index,
      })),
    );
    existing = Object.values(inserted.insertedIds).map((id) => id.toHexString());
  });

  return () => ({
    baseUrl: server.url,
    document,
    contract,
    snapshot: () => storedProducts(products.testDb.db).find().sort({ _id: 1 }).toArray(),
    pathValues: { id: fc.constantFrom(...existing) },
    existing,
  });
}
