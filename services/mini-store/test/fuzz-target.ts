import fc from 'fast-check';
import { beforeEach } from 'vitest';
import { type FuzzTarget, ResponseContract, useListeningApp } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { PRODUCTS_COLLECTION } from '../src/data/products-repository.js';
import { apiDocument } from '../src/app.js';
import { buildApp } from './support.js';

/**
 * The app under test for a fuzz file, over the file's own database, with three products stored
 * before each route's run; returns the target (its document and what it stores) for both kinds
 * of generated requests. The generated and the hostile requests are two files so that they run
 * side by side.
 */
export function useFuzzTarget(label: string): () => FuzzTarget & { existing: readonly string[] } {
  const document = apiDocument();
  const contract = new ResponseContract(document);
  const testDb = useTestDatabase(label);
  const server = useListeningApp(() => buildApp(testDb.db));
  const stored = () => testDb.db.collection(PRODUCTS_COLLECTION);
  /** Ids that exist when a route's run starts, so reads, changes and deletes also find products. */
  let existing: string[] = [];

  beforeEach(async () => {
    // Each route's run starts from the same three products: a refused write is compared with a
    // snapshot of everything stored, which would otherwise grow with every earlier route's writes.
    await stored().deleteMany({});
    const inserted = await stored().insertMany(
      [1, 2, 3].map((index) => ({ name: `Fuzz ${index}`, price: index, quantity: index })),
    );
    existing = Object.values(inserted.insertedIds).map((id) => id.toHexString());
  });

  return () => ({
    baseUrl: server.url,
    document,
    contract,
    snapshot: () => stored().find().sort({ _id: 1 }).toArray(),
    pathValues: { id: fc.constantFrom(...existing) },
    existing,
  });
}
