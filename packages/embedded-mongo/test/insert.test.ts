import { MongoBulkWriteError, MongoClient, MongoServerError, ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

describe('insert', () => {
  const t = useTestDatabase('insert');

  it('when a document has no _id, then the server returns it with a generated ObjectId stored first', async () => {
    const coll = t.db.collection('generated');
    const result = await coll.insertOne({ name: 'x' });
    expect(result.insertedId).toBeInstanceOf(ObjectId);
    const stored = await coll.findOne({ _id: result.insertedId });
    expect(Object.keys(stored ?? {})).toEqual(['_id', 'name']);
  });

  it('when the driver sends _id last, then the stored document has _id first', async () => {
    const coll = t.db.collection('order');
    await t.db.command({ insert: 'order', documents: [{ b: 1, a: 2, _id: 'k' }] });
    const stored = await coll.findOne({ _id: 'k' as unknown as ObjectId });
    expect(Object.keys(stored ?? {})).toEqual(['_id', 'b', 'a']);
  });

  it('when a duplicate _id is inserted, then the driver raises code 11000 with keyPattern and keyValue', async () => {
    const coll = t.db.collection<{ _id: number }>('dup');
    await coll.insertOne({ _id: 1 });
    const err: unknown = await coll.insertOne({ _id: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    const e = err as MongoServerError;
    expect(e.code).toBe(11000);
    expect(e['keyPattern']).toEqual({ _id: 1 });
    expect(e['keyValue']).toEqual({ _id: 1 });
  });

  it('when the insert command hits a duplicate, then the reply is ok: 1 with a writeErrors entry', async () => {
    await t.db.collection('dupraw').insertOne({ _id: 7 } as never);
    const reply = await t.db.command({ insert: 'dupraw', documents: [{ _id: 7 }] });
    expect(reply['ok']).toBe(1);
    expect(reply['n']).toBe(0);
    const writeErrors = reply['writeErrors'] as Array<Record<string, unknown>>;
    expect(writeErrors).toHaveLength(1);
    expect(writeErrors[0]).toMatchObject({
      index: 0,
      code: 11000,
      keyPattern: { _id: 1 },
      keyValue: { _id: 7 },
    });
  });

  it('when an ordered batch hits a duplicate, then it stops there and reports the inserted count', async () => {
    const coll = t.db.collection<{ _id: number }>('ordered');
    const err: unknown = await coll
      .insertMany([{ _id: 1 }, { _id: 2 }, { _id: 1 }, { _id: 3 }])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    const e = err as MongoBulkWriteError;
    expect(e.result.insertedCount).toBe(2);
    expect(e.writeErrors).toHaveLength(1);
    expect(await coll.countDocuments()).toBe(2);
  });

  it('when an unordered batch hits duplicates, then every other document is still inserted', async () => {
    const coll = t.db.collection<{ _id: number }>('unordered');
    const err: unknown = await coll
      .insertMany([{ _id: 1 }, { _id: 1 }, { _id: 2 }, { _id: 2 }, { _id: 3 }], { ordered: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    const e = err as MongoBulkWriteError;
    expect(e.result.insertedCount).toBe(3);
    const indexes = (Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors]).map(
      (w) => w.index,
    );
    expect(indexes.sort()).toEqual([1, 3]);
    expect(await coll.countDocuments()).toBe(3);
  });

  it('when a large batch is inserted, then all documents arrive (document sequences)', async () => {
    const coll = t.db.collection('batch');
    const docs = Array.from({ length: 5000 }, (_, i) => ({ i, pad: 'x'.repeat(50) }));
    const result = await coll.insertMany(docs);
    expect(result.insertedCount).toBe(5000);
    expect(await coll.countDocuments()).toBe(5000);
  });

  it('when writes use w: 0, then later commands on the same connection still get their own replies', async () => {
    // One pooled connection, so the unacknowledged writes are applied before the later reads.
    const client = new MongoClient(t.uri, { maxPoolSize: 1 });
    try {
      const coll = client.db(t.dbName).collection('unacknowledged');
      await coll.insertOne({ a: 1 }, { writeConcern: { w: 0 } });
      await coll.insertOne({ a: 2 }, { writeConcern: { w: 0 } });
      const reply = await client.db(t.dbName).command({ ping: 1 });
      expect(reply['ok']).toBe(1);
      const docs = await coll
        .find({}, { projection: { _id: 0 } })
        .sort({ a: 1 })
        .toArray();
      expect(docs).toEqual([{ a: 1 }, { a: 2 }]);
    } finally {
      await client.close();
    }
  });

  it('when _id is an array, then the insert is rejected', async () => {
    const err: unknown = await t.db
      .collection('badid')
      .insertOne({ _id: [1, 2] } as never)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
  });
});
