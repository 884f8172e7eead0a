import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

describe('indexes', () => {
  const t = useTestDatabase('indexes');

  it('when an index is created, then listIndexes shows it next to _id_', async () => {
    const coll = t.db.collection('listed');
    const name = await coll.createIndex({ a: 1, b: -1 });
    expect(name).toBe('a_1_b_-1');
    const indexes = await coll.listIndexes().toArray();
    expect(indexes.map((i) => i['name'])).toEqual(['_id_', 'a_1_b_-1']);
    expect(indexes[1]).toMatchObject({ v: 2, key: { a: 1, b: -1 }, name: 'a_1_b_-1' });
  });

  it('when the same index is created twice, then the second call succeeds without adding one', async () => {
    const coll = t.db.collection('twice');
    await coll.createIndex({ a: 1 });
    const reply = await t.db.command({
      createIndexes: 'twice',
      indexes: [{ key: { a: 1 }, name: 'a_1' }],
    });
    expect(reply['numIndexesBefore']).toBe(2);
    expect(reply['numIndexesAfter']).toBe(2);
  });

  it('when a unique index exists, then a duplicate insert fails with 11000 naming the index key', async () => {
    const coll = t.db.collection('unique');
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ email: 'a@x' });
    const err: unknown = await coll.insertOne({ email: 'a@x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    const e = err as MongoServerError;
    expect(e.code).toBe(11000);
    expect(e['keyPattern']).toEqual({ email: 1 });
    expect(e['keyValue']).toEqual({ email: 'a@x' });
  });

  it('when an update would duplicate a unique key, then it fails with 11000 and the document is unchanged', async () => {
    const coll = t.db.collection('unique-update');
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertMany([{ _id: 1, email: 'a' } as never, { _id: 2, email: 'b' } as never]);
    const err: unknown = await coll
      .updateOne({ _id: 2 } as never, { $set: { email: 'a' } })
      .catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(11000);
    expect(await coll.findOne({ _id: 2 } as never)).toEqual({ _id: 2, email: 'b' });
  });

  it('when a unique key is freed by an update or delete, then it can be reused', async () => {
    const coll = t.db.collection('unique-reuse');
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ _id: 1, email: 'a' } as never);
    await coll.updateOne({ _id: 1 } as never, { $set: { email: 'b' } });
    await coll.insertOne({ _id: 2, email: 'a' } as never);
    await coll.deleteOne({ _id: 2 } as never);
    await coll.insertOne({ _id: 3, email: 'a' } as never);
    expect(await coll.countDocuments()).toBe(2);
  });

  it('when a compound unique index exists, then only the full combination must be unique', async () => {
    const coll = t.db.collection('compound');
    await coll.createIndex({ a: 1, b: 1 }, { unique: true });
    await coll.insertMany([
      { a: 1, b: 1 },
      { a: 1, b: 2 },
    ]);
    const err: unknown = await coll.insertOne({ a: 1, b: 2 }).catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(11000);
  });

  it('when a unique index is not sparse, then two documents missing the field collide', async () => {
    const coll = t.db.collection('missing');
    await coll.createIndex({ code: 1 }, { unique: true });
    await coll.insertOne({ x: 1 });
    const err: unknown = await coll.insertOne({ x: 2 }).catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(11000);
  });

  it('when a unique index is sparse, then documents missing the field do not collide', async () => {
    const coll = t.db.collection('sparse');
    await coll.createIndex({ code: 1 }, { unique: true, sparse: true });
    await coll.insertMany([{ x: 1 }, { x: 2 }]);
    expect(await coll.countDocuments()).toBe(2);
  });

  it('when a unique index has a partial filter, then only documents matching it must be unique', async () => {
    const coll = t.db.collection('partial');
    await coll.createIndex(
      { email: 1 },
      { unique: true, partialFilterExpression: { active: true } },
    );
    await coll.insertMany([
      { email: 'a', active: false },
      { email: 'a', active: false },
      { email: 'a', active: true },
    ]);
    const err: unknown = await coll
      .insertOne({ email: 'a', active: true })
      .catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(11000);
    expect(await coll.countDocuments({ email: 'a' })).toBe(3);
  });

  it('when a unique index is on an array field, then each element counts as a key', async () => {
    const coll = t.db.collection('multikey');
    await coll.createIndex({ tags: 1 }, { unique: true });
    await coll.insertOne({ tags: ['x', 'y'] });
    const err: unknown = await coll.insertOne({ tags: ['z', 'y'] }).catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(11000);
    await coll.insertOne({ tags: ['z'] });
    expect(await coll.countDocuments()).toBe(2);
  });

  it('when a unique index is built over existing duplicates, then creation fails with 11000', async () => {
    const coll = t.db.collection('late');
    await coll.insertMany([{ k: 1 }, { k: 1 }]);
    const err: unknown = await coll
      .createIndex({ k: 1 }, { unique: true })
      .catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(11000);
    expect((await coll.listIndexes().toArray()).map((i) => i['name'])).toEqual(['_id_']);
  });

  it('when an upsert would duplicate a unique key, then it fails with 11000', async () => {
    const coll = t.db.collection('upsert-unique');
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ email: 'a', n: 1 });
    const err: unknown = await coll
      .updateOne({ n: 2 }, { $set: { email: 'a' } }, { upsert: true })
      .catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(11000);
  });

  it('when indexes are dropped by name and with *, then only _id_ remains', async () => {
    const coll = t.db.collection('dropping');
    await coll.createIndexes([{ key: { a: 1 } }, { key: { b: 1 } }, { key: { c: 1 } }]);
    await coll.dropIndex('a_1');
    expect((await coll.listIndexes().toArray()).map((i) => i['name'])).toEqual([
      '_id_',
      'b_1',
      'c_1',
    ]);
    await coll.dropIndexes();
    expect((await coll.listIndexes().toArray()).map((i) => i['name'])).toEqual(['_id_']);
  });

  it('when dropping an index that does not exist, then it fails with IndexNotFound (27)', async () => {
    const coll = t.db.collection('dropping2');
    await coll.insertOne({ a: 1 });
    const err: unknown = await coll.dropIndex('nope_1').catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(27);
  });

  it('when listing indexes of a missing collection, then it fails with NamespaceNotFound (26)', async () => {
    const err: unknown = await t.db
      .command({ listIndexes: 'no-such-collection' })
      .catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(26);
  });

  it('when the unique field is looked up, then the right document is found after updates', async () => {
    const coll = t.db.collection('lookup');
    await coll.createIndex({ sku: 1 }, { unique: true });
    await coll.insertMany(Array.from({ length: 50 }, (_, i) => ({ sku: `s${i}`, n: i })));
    await coll.updateOne({ sku: 's7' }, { $set: { sku: 's7b' } });
    expect(await coll.findOne({ sku: 's7' })).toBeNull();
    expect(await coll.findOne({ sku: 's7b' }, { projection: { _id: 0 } })).toEqual({
      sku: 's7b',
      n: 7,
    });
    expect(await coll.findOne({ sku: 's8', n: 9 })).toBeNull();
  });
});
