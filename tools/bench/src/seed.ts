import type { Collection, Document, ObjectId } from 'mongodb';

const BATCH = 5_000;

/** A complete product of the products service, as it stores one. */
export function productDocument(i: number): Document {
  return {
    modelName: `Model ${i % 500}`,
    modelNumber: `MN-${i.toString().padStart(6, '0')}`,
    manufacturer: `Maker ${i % 37}`,
    color: ['black', 'white', 'red', 'blue', 'graphite'][i % 5],
    price: Math.round((5 + (i % 1000) * 0.37) * 100) / 100,
    quantity: i % 250,
  };
}

/**
 * Inserts documents until the collection holds `target` of them (bounded: at most target/BATCH
 * batches) and returns the ids inserted.
 */
export async function fillCollection(
  collection: Collection,
  target: number,
  make: (i: number) => Document = productDocument,
): Promise<ObjectId[]> {
  const existing = await collection.countDocuments();
  const ids: ObjectId[] = [];
  for (let start = existing; start < target; start += BATCH) {
    const docs: Document[] = [];
    for (let i = start; i < Math.min(start + BATCH, target); i += 1) docs.push(make(i));
    const { insertedIds } = await collection.insertMany(docs, { ordered: true });
    for (let i = 0; i < docs.length; i += 1) {
      const id = insertedIds[i];
      if (id !== undefined) ids.push(id as ObjectId);
    }
  }
  return ids;
}
