import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

describe('delete and findAndModify', () => {
  const t = useTestDatabase('delete');

  it('when deleteOne matches several, then exactly one is removed', async () => {
    const coll = t.db.collection('one');
    await coll.insertMany([{ g: 1 }, { g: 1 }, { g: 2 }]);
    expect((await coll.deleteOne({ g: 1 })).deletedCount).toBe(1);
    expect(await coll.countDocuments()).toBe(2);
  });

  it('when deleteMany is used, then all matches are removed', async () => {
    const coll = t.db.collection('many');
    await coll.insertMany([{ g: 1 }, { g: 1 }, { g: 2 }]);
    expect((await coll.deleteMany({ g: 1 })).deletedCount).toBe(2);
    expect(await coll.countDocuments()).toBe(1);
  });

  it('when the delete command has limit 0 and limit 1 statements, then n sums both', async () => {
    await t.db.collection('raw').insertMany([{ g: 1 }, { g: 1 }, { g: 2 }, { g: 2 }]);
    const reply = await t.db.command({
      delete: 'raw',
      deletes: [
        { q: { g: 1 }, limit: 0 },
        { q: { g: 2 }, limit: 1 },
      ],
    });
    expect(reply['n']).toBe(3);
  });

  it('when findOneAndUpdate returns the new document, then lastErrorObject reports updatedExisting', async () => {
    await t.db.collection('fam').insertOne({ _id: 1, v: 1 } as never);
    const reply = await t.db.command({
      findAndModify: 'fam',
      query: { _id: 1 },
      update: { $inc: { v: 1 } },
      new: true,
    });
    expect(reply['value']).toEqual({ _id: 1, v: 2 });
    expect(reply['lastErrorObject']).toEqual({ n: 1, updatedExisting: true });
  });

  it('when findOneAndUpdate returns the old document, then the value is the pre-image', async () => {
    const coll = t.db.collection('fam2');
    await coll.insertOne({ _id: 1, v: 1 } as never);
    const before = await coll.findOneAndUpdate({ _id: 1 } as never, { $inc: { v: 1 } });
    expect(before).toEqual({ _id: 1, v: 1 });
  });

  it('when findAndModify upserts, then lastErrorObject carries upserted and updatedExisting: false', async () => {
    const reply = await t.db.command({
      findAndModify: 'fam3',
      query: { _id: 'u' },
      update: { $set: { a: 1 } },
      upsert: true,
      new: true,
    });
    expect(reply['value']).toEqual({ _id: 'u', a: 1 });
    expect(reply['lastErrorObject']).toEqual({ n: 1, updatedExisting: false, upserted: 'u' });
  });

  it('when findAndModify removes with a sort, then the first document in that order is removed and returned', async () => {
    const coll = t.db.collection('fam4');
    await coll.insertMany([{ p: 2 }, { p: 9 }, { p: 5 }]);
    const removed = await coll.findOneAndDelete({}, { sort: { p: -1 }, projection: { _id: 0 } });
    expect(removed).toEqual({ p: 9 });
    expect(await coll.countDocuments()).toBe(2);
  });

  it('when findAndModify finds nothing and does not upsert, then value is null and n is 0', async () => {
    const reply = await t.db.command({
      findAndModify: 'fam5',
      query: { _id: 'none' },
      update: { $set: { a: 1 } },
    });
    expect(reply['value']).toBeNull();
    expect((reply['lastErrorObject'] as Record<string, unknown>)['n']).toBe(0);
  });

  it('when findOneAndReplace is used with a projection, then the projected new document is returned', async () => {
    const coll = t.db.collection('fam6');
    await coll.insertOne({ _id: 1, a: 1 } as never);
    const after = await coll.findOneAndReplace(
      { _id: 1 } as never,
      { b: 2, c: 3 },
      { returnDocument: 'after', projection: { c: 0 } },
    );
    expect(after).toEqual({ _id: 1, b: 2 });
  });

  it('when findAndModify would create a duplicate key, then it fails with 11000', async () => {
    const coll = t.db.collection('fam7');
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertMany([{ email: 'a' }, { email: 'b' }]);
    const err: unknown = await coll
      .findOneAndUpdate({ email: 'b' }, { $set: { email: 'a' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).code).toBe(11000);
  });
});
