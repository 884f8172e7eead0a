import type { Collection } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

const caseInsensitive = { locale: 'en', strength: 2 };

interface Tagged {
  _id: number;
  tags: string[];
  best: string;
  same?: boolean;
}

/** MongoDB hands the statement's collation to every part of an update that compares strings. */
describe('update operators under a collation', () => {
  const t = useTestDatabase('collation_updates');

  async function tagged(name: string): Promise<Collection<Tagged>> {
    const coll = t.db.collection<Tagged>(name);
    await coll.insertOne({ _id: 1, tags: ['A', 'b', 'c'], best: 'b' });
    return coll;
  }

  it('when arrayFilters compare strings, then they match under the collation and not without it', async () => {
    const coll = await tagged('array-filters');
    const plain = await coll.updateOne(
      { _id: 1 },
      { $set: { 'tags.$[e]': 'x' } },
      { arrayFilters: [{ e: 'a' }] },
    );
    expect(plain.modifiedCount).toBe(0);
    await coll.updateOne(
      { _id: 1 },
      { $set: { 'tags.$[e]': 'x' } },
      { arrayFilters: [{ e: 'a' }], collation: caseInsensitive },
    );
    expect((await coll.findOne({ _id: 1 }))?.['tags']).toEqual(['x', 'b', 'c']);
  });

  it('when $ follows a query matched under the collation, then it updates that element', async () => {
    const coll = await tagged('positional');
    await coll.updateOne(
      { tags: 'B' },
      { $set: { 'tags.$': 'y' } },
      { collation: caseInsensitive },
    );
    expect((await coll.findOne({ _id: 1 }))?.['tags']).toEqual(['A', 'y', 'c']);
  });

  it('when $pull and $pullAll name strings, then elements equal under the collation go', async () => {
    const coll = await tagged('pull');
    await coll.updateOne({ _id: 1 }, { $pull: { tags: 'a' } }, { collation: caseInsensitive });
    await coll.updateOne({ _id: 1 }, { $pullAll: { tags: ['C'] } }, { collation: caseInsensitive });
    expect((await coll.findOne({ _id: 1 }))?.['tags']).toEqual(['b']);
  });

  it('when $pull has a condition, then its comparisons use the collation', async () => {
    const coll = await tagged('pull-condition');
    await coll.updateOne(
      { _id: 1 },
      { $pull: { tags: { $in: ['B', 'C'] } } },
      { collation: caseInsensitive },
    );
    expect((await coll.findOne({ _id: 1 }))?.['tags']).toEqual(['A']);
  });

  it('when $addToSet adds a string equal under the collation, then the array is unchanged', async () => {
    const coll = await tagged('add-to-set');
    const result = await coll.updateOne(
      { _id: 1 },
      { $addToSet: { tags: { $each: ['a', 'D'] } } },
      { collation: caseInsensitive },
    );
    expect(result.modifiedCount).toBe(1);
    expect((await coll.findOne({ _id: 1 }))?.['tags']).toEqual(['A', 'b', 'c', 'D']);
  });

  it('when $max compares strings, then the collation decides which is larger', async () => {
    const coll = await tagged('max');
    // Binary order puts every capital before every small letter; the collation does not.
    await coll.updateOne({ _id: 1 }, { $max: { best: 'C' } });
    expect((await coll.findOne({ _id: 1 }))?.['best']).toBe('b');
    await coll.updateOne({ _id: 1 }, { $max: { best: 'C' } }, { collation: caseInsensitive });
    expect((await coll.findOne({ _id: 1 }))?.['best']).toBe('C');
  });

  it('when $push sorts under the collation, then capitals sort among small letters', async () => {
    const coll = await tagged('push-sort');
    await coll.updateOne(
      { _id: 1 },
      { $push: { tags: { $each: ['B'], $sort: 1 } } },
      { collation: { locale: 'en' } },
    );
    expect((await coll.findOne({ _id: 1 }))?.['tags']).toEqual(['A', 'b', 'B', 'c']);
  });

  it('when a pipeline update compares strings, then it compares under the collation', async () => {
    const coll = await tagged('pipeline');
    await coll.updateOne({ _id: 1 }, [{ $set: { same: { $eq: ['$best', 'B'] } } }], {
      collation: caseInsensitive,
    });
    expect((await coll.findOne({ _id: 1 }))?.['same']).toBe(true);
  });

  it('when findOneAndUpdate uses $ under a collation, then it updates the element the query matched', async () => {
    const coll = await tagged('find-and-modify');
    const after = await coll.findOneAndUpdate(
      { tags: 'C' },
      { $set: { 'tags.$': 'z' } },
      { collation: caseInsensitive, returnDocument: 'after' },
    );
    expect(after?.['tags']).toEqual(['A', 'b', 'z']);
  });
});
