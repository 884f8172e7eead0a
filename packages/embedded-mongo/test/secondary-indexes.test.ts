import type { Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError } from './support.js';

/** The explain output as text: plans differ in shape between versions, names and stages do not. */
const text = (explain: Document): string => JSON.stringify(explain);

describe('secondary indexes', () => {
  const t = useTestDatabase('secondary_indexes');

  it('when a non-unique index covers a range, then find uses it and explain shows FETCH over IXSCAN', async () => {
    const coll = t.db.collection('ranges');
    await coll.insertMany(
      Array.from({ length: 200 }, (_, i) => ({ _id: i, q: i % 20 })) as Document[],
    );
    await coll.createIndex({ q: 1 });
    const explain = await coll.find({ q: { $lt: 2 } }).explain('queryPlanner');
    const plan = explain['queryPlanner']['winningPlan'] as Document;
    expect(plan).toMatchObject({
      stage: 'FETCH',
      inputStage: {
        stage: 'IXSCAN',
        indexName: 'q_1',
        keyPattern: { q: 1 },
        isMultiKey: false,
        direction: 'forward',
      },
    });
    const found = await coll.find({ q: { $lt: 2 } }, { sort: { _id: 1 } }).toArray();
    expect(found.map((d) => d['_id'])).toEqual(
      Array.from({ length: 200 }, (_, i) => i).filter((i) => i % 20 < 2),
    );
    expect(await coll.countDocuments({ q: { $lt: 2 } })).toBe(20);
  });

  it('when every branch of an $or has an index, then the branches are read through them and each document comes once', async () => {
    const coll = t.db.collection('either');
    await coll.createIndexes([{ key: { a: 1 } }, { key: { b: 1 } }]);
    await coll.insertMany([
      { _id: 1, a: 1, b: 1 },
      { _id: 2, a: 1, b: 2 },
      { _id: 3, a: 2, b: 1 },
      { _id: 4, a: 2, b: 2 },
    ] as Document[]);
    const filter = { $or: [{ a: 1 }, { b: 1 }] };
    const found = await coll.find(filter, { sort: { _id: 1 } }).toArray();
    expect(found.map((d) => d['_id'])).toEqual([1, 2, 3]);
    const plan = text(await coll.find(filter).explain('queryPlanner'));
    expect(plan).toContain('"stage":"OR"');
    expect(plan).toContain('"indexName":"a_1"');
    expect(plan).toContain('"indexName":"b_1"');
    const partly = await coll.find({ $or: [{ a: 1 }, { c: 1 }] }).explain('queryPlanner');
    expect(text(partly)).toContain('"COLLSCAN"');
  });

  it('when no index applies, then explain shows a collection scan', async () => {
    const coll = t.db.collection('unindexed');
    await coll.insertMany([{ q: 1 }, { q: 2 }]);
    const explain = await coll.find({ q: 1 }).explain('queryPlanner');
    expect(explain['queryPlanner']['winningPlan']).toMatchObject({ stage: 'COLLSCAN' });
  });

  it('when a look-up is by _id alone, then explain shows IDHACK', async () => {
    const coll = t.db.collection('by_id');
    await coll.insertOne({ _id: 1 } as Document);
    const explain = await coll.find({ _id: 1 } as Document).explain('queryPlanner');
    expect(explain['queryPlanner']['winningPlan']).toMatchObject({ stage: 'IDHACK' });
  });

  it('when a query has a range or a sort on _id, then it reads the _id_ index in order, and a $natural hint scans the collection instead', async () => {
    const coll = t.db.collection('id_order');
    await coll.insertMany([3, 1, 4, 0, 2].map((i) => ({ _id: i })) as Document[]);
    const ids = async (filter: Document, sort: Document): Promise<unknown[]> =>
      (await coll.find(filter, { sort }).toArray()).map((d) => d['_id']);
    expect(await ids({ _id: { $gte: 2 } }, { _id: -1 })).toEqual([4, 3, 2]);
    expect(await ids({}, { _id: 1 })).toEqual([0, 1, 2, 3, 4]);
    const explain = await coll.find({ _id: { $gt: 1 } } as Document).explain('queryPlanner');
    expect(explain['queryPlanner']['winningPlan']).toMatchObject({
      stage: 'FETCH',
      inputStage: { stage: 'IXSCAN', indexName: '_id_', isUnique: true },
    });
    const sorted = await coll.find({}, { sort: { _id: 1 }, limit: 2 }).explain('queryPlanner');
    expect(text(sorted['queryPlanner']['winningPlan'] as Document)).not.toContain('"SORT"');
    const natural = await coll
      .find({ _id: { $gt: 1 } } as Document, { hint: { $natural: 1 } })
      .explain('queryPlanner');
    expect(natural['queryPlanner']['winningPlan']).toMatchObject({ stage: 'COLLSCAN' });
  });

  it('when a compound index starts with an equality and goes on in the sort order, then the newest few come from it without a sort stage', async () => {
    const coll = t.db.collection('orders');
    await coll.createIndex({ customerId: 1, _id: -1 }, { name: 'customer_newest_first' });
    await coll.insertMany(
      Array.from({ length: 60 }, (_, i) => ({ _id: i, customerId: `c${i % 3}` })) as Document[],
    );
    const query = { customerId: 'c1', _id: { $lt: 40 } } as Document;
    const found = await coll.find(query, { sort: { _id: -1 }, limit: 3 }).toArray();
    expect(found.map((d) => d['_id'])).toEqual([37, 34, 31]);
    const explain = await coll
      .find(query, { sort: { _id: -1 }, limit: 3 })
      .explain('executionStats');
    expect(text(explain['queryPlanner']['winningPlan'] as Document)).toContain(
      '"indexName":"customer_newest_first"',
    );
    expect(text(explain['queryPlanner']['winningPlan'] as Document)).not.toContain('"SORT"');
    expect(explain['executionStats']['nReturned']).toBe(3);
    expect(explain['executionStats']['totalDocsExamined']).toBeLessThanOrEqual(4);
  });

  it('when the leading field of a compound index is a range rather than one value, then a sort on the next field is not taken from the index', async () => {
    const coll = t.db.collection('ranged_prefix');
    await coll.createIndex({ a: 1, _id: 1 });
    await coll.insertMany([
      { _id: 0, a: 1 },
      { _id: 1, a: 0 },
      { _id: 2, a: 1 },
    ] as Document[]);
    for (const filter of [{ a: { $gte: 0, $lte: 1 } }, { a: { $gte: 0, $lte: 1.0 } }]) {
      const found = await coll.find(filter as Document, { sort: { _id: -1 } }).toArray();
      expect(found.map((d) => d['_id'])).toEqual([2, 1, 0]);
    }
    // One value, however written, still lets the index give the order.
    const pinned = { a: { $gte: 1, $lte: 1.0 } } as Document;
    expect((await coll.find(pinned, { sort: { _id: -1 } }).toArray()).map((d) => d['_id'])).toEqual(
      [2, 0],
    );
    const explain = await coll.find(pinned, { sort: { _id: -1 } }).explain();
    expect(text(explain['queryPlanner']['winningPlan'] as Document)).not.toContain('"SORT"');
  });

  it('when customers page through their orders as the products service asks, then each page comes from the index made for it', async () => {
    const coll = t.db.collection('customer_orders');
    await coll.createIndexes([
      { key: { customerId: 1, _id: -1 }, name: 'customer_newest_first' },
      { key: { customerId: 1, status: 1, _id: -1 }, name: 'customer_status_newest_first' },
      { key: { 'stockJob.since': 1 }, name: 'stock_job_since', sparse: true },
    ]);
    // Customer c1's few paid orders are its oldest, behind many placed ones.
    await coll.insertMany(
      Array.from({ length: 90 }, (_, i) => ({
        _id: i,
        customerId: `c${i % 3}`,
        status: i < 9 ? 'paid' : 'placed',
      })) as Document[],
    );
    const visible = { deleted: { $exists: false }, 'stockJob.kind': { $ne: 'place' } };
    const page = async (filter: Document): Promise<{ ids: unknown[]; plan: string }> => {
      const options = { sort: { _id: -1 }, limit: 2 } as const;
      const ids = (await coll.find(filter, options).toArray()).map((d) => d['_id']);
      const explain = await coll.find(filter, options).explain('queryPlanner');
      return { ids, plan: text(explain['queryPlanner']['winningPlan'] as Document) };
    };
    const newest = await page({ customerId: 'c1', ...visible });
    expect(newest.ids).toEqual([88, 85]);
    expect(newest.plan).toContain('"indexName":"customer_newest_first"');
    const older = await page({ customerId: 'c1', ...visible, _id: { $lt: 85 } });
    expect(older.ids).toEqual([82, 79]);
    expect(older.plan).toContain('"indexName":"customer_newest_first"');
    const paid = await page({ customerId: 'c1', ...visible, status: 'paid' });
    expect(paid.ids).toEqual([7, 4]);
    expect(paid.plan).toContain('"indexName":"customer_status_newest_first"');
    for (const plan of [newest.plan, older.plan, paid.plan]) expect(plan).not.toContain('"SORT"');
  });

  it('when an index has a collation, then a query without it does not use the index for strings but does for numbers', async () => {
    const coll = t.db.collection('collated');
    await coll.createIndex({ b: 1 }, { name: 'b_ci', collation: { locale: 'en', strength: 2 } });
    await coll.insertMany([{ b: 'a' }, { b: 'A' }, { b: 5 }]);
    const plain = await coll.find({ b: 'a' }).explain('queryPlanner');
    expect(plain['queryPlanner']['winningPlan']).toMatchObject({ stage: 'COLLSCAN' });
    expect(await coll.countDocuments({ b: 'a' })).toBe(1);
    const collation = { locale: 'en', strength: 2 };
    const collated = await coll.find({ b: 'a' }, { collation }).explain('queryPlanner');
    expect(text(collated)).toContain('"indexName":"b_ci"');
    expect(await coll.countDocuments({ b: 'a' }, { collation })).toBe(2);
    const numeric = await coll.find({ b: 5 }).explain('queryPlanner');
    expect(text(numeric)).toContain('"indexName":"b_ci"');
    expect(await coll.countDocuments({ b: 5 })).toBe(1);
  });

  it('when an indexed field holds arrays, then the index is multikey and finds documents by any element', async () => {
    const coll = t.db.collection('tags');
    await coll.createIndex({ tags: 1 });
    await coll.insertMany([
      { _id: 1, tags: ['x', 'y'] },
      { _id: 2, tags: 'x' },
      { _id: 3, tags: [] },
      { _id: 4 },
      { _id: 5, tags: [['x']] },
    ] as Document[]);
    const explain = await coll.find({ tags: 'x' }).explain('queryPlanner');
    expect(explain['queryPlanner']['winningPlan']).toMatchObject({
      inputStage: { stage: 'IXSCAN', indexName: 'tags_1', isMultiKey: true },
    });
    const ids = async (filter: Document): Promise<unknown[]> =>
      (await coll.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d['_id']);
    expect(await ids({ tags: 'x' })).toEqual([1, 2]);
    expect(await ids({ tags: { $in: ['y', 'z'] } })).toEqual([1]);
    expect(await ids({ tags: { $gt: 'w', $lt: 'xx' } })).toEqual([1, 2]);
    expect(await ids({ tags: ['x'] })).toEqual([5]);
    await coll.updateOne({ _id: 1 } as Document, { $set: { tags: ['z'] } });
    expect(await ids({ tags: 'x' })).toEqual([2]);
  });

  it('when a document has arrays in two fields of one compound index, then the write fails with 171 and nothing is stored', async () => {
    const coll = t.db.collection('parallel');
    await coll.createIndex({ a: 1, b: 1 });
    const error = await serverError(coll.insertOne({ _id: 1, a: [1, 2], b: [3, 4] } as Document));
    expect(error.code).toBe(171);
    expect(error.message).toContain('cannot index parallel arrays');
    expect(await coll.countDocuments({})).toBe(0);
    const other = t.db.collection('parallel_existing');
    await other.insertOne({ a: [1], b: [2] });
    expect((await serverError(other.createIndex({ a: 1, b: 1 }))).code).toBe(171);
  });

  it('when documents change between the batches of a cursor over an index, then it carries on from where it was', async () => {
    const coll = t.db.collection('moving');
    await coll.createIndex({ n: 1 });
    await coll.insertMany(Array.from({ length: 30 }, (_, i) => ({ _id: i, n: i })) as Document[]);
    const cursor = coll.find({ n: { $gte: 0 } }, { batchSize: 5 });
    const seen: unknown[] = [];
    for await (const doc of cursor) {
      seen.push(doc['_id']);
      if (seen.length === 5) {
        await coll.deleteMany({ n: { $gte: 15, $lt: 20 } });
        await coll.insertOne({ _id: 100, n: 2 } as Document);
      }
    }
    // Documents removed before the scan reached them are gone; one inserted behind it is not seen.
    expect(seen).toEqual([
      ...Array.from({ length: 15 }, (_, i) => i),
      ...Array.from({ length: 10 }, (_, i) => i + 20),
    ]);
  });

  it('when an index is hidden, then queries stop using it', async () => {
    const coll = t.db.collection('hidden');
    await coll.createIndex({ h: 1 });
    await coll.insertOne({ h: 1 });
    await t.db.command({ collMod: 'hidden', index: { name: 'h_1', hidden: true } });
    const explain = await coll.find({ h: 1 }).explain('queryPlanner');
    expect(explain['queryPlanner']['winningPlan']).toMatchObject({ stage: 'COLLSCAN' });
  });

  it('when a sparse index exists, then it is used for a bounded field but not for a query that must see documents without it', async () => {
    const coll = t.db.collection('sparse');
    await coll.createIndex({ s: 1 }, { sparse: true });
    await coll.insertMany([{ _id: 1, s: 1 }, { _id: 2 }] as Document[]);
    expect(text(await coll.find({ s: 1 }).explain('queryPlanner'))).toContain('"indexName":"s_1"');
    const sorted = await coll.find({}, { sort: { s: 1 } }).toArray();
    expect(sorted.map((d) => d['_id'])).toEqual([2, 1]);
  });

  it('when an aggregation starts with $match and $sort, then its first stage reads through the index', async () => {
    const coll = t.db.collection('pipeline');
    await coll.createIndex({ k: 1 });
    await coll.insertMany(
      Array.from({ length: 10 }, (_, i) => ({ _id: i, k: 9 - i })) as Document[],
    );
    const pipeline = [
      { $match: { k: { $gte: 5 } } },
      { $sort: { k: 1 } },
      { $group: { _id: null, ids: { $push: '$_id' } } },
    ];
    const [result] = await coll.aggregate(pipeline).toArray();
    expect(result?.['ids']).toEqual([4, 3, 2, 1, 0]);
    expect(text(await coll.aggregate(pipeline).explain('queryPlanner'))).toContain(
      '"indexName":"k_1"',
    );
  });

  it('when an update, a delete or a findAndModify is explained, then the plan shows the index it would read and nothing is written', async () => {
    const coll = t.db.collection('explained_writes');
    await coll.createIndex({ k: 1 });
    await coll.insertMany([{ k: 1 }, { k: 2 }, { k: 2 }]);
    const explain = (command: Document): Promise<Document> =>
      t.db.command({ explain: command, verbosity: 'executionStats' });
    const update = await explain({
      update: 'explained_writes',
      updates: [{ q: { k: 2 }, u: { $set: { k: 3 } }, multi: true }],
    });
    expect(update['queryPlanner']['winningPlan']['stage']).toBe('UPDATE');
    expect(text(update)).toContain('"indexName":"k_1"');
    const remove = await explain({
      delete: 'explained_writes',
      deletes: [{ q: { k: 1 }, limit: 1 }],
    });
    expect(remove['queryPlanner']['winningPlan']['stage']).toBe('DELETE');
    expect(text(remove)).toContain('"indexName":"k_1"');
    const modify = await explain({
      findAndModify: 'explained_writes',
      query: { k: { $gte: 2 } },
      update: { $inc: { k: 1 } },
    });
    expect(modify['queryPlanner']['winningPlan']['stage']).toBe('UPDATE');
    expect(text(modify)).toContain('"indexName":"k_1"');
    expect(await coll.countDocuments({ k: 2 })).toBe(2);
    expect(await coll.countDocuments({ k: 1 })).toBe(1);
  });

  it('when a count has a filter an index bounds, then explain shows COUNT over the index scan', async () => {
    const coll = t.db.collection('counted');
    await coll.createIndex({ k: 1 });
    await coll.insertMany([{ k: 1 }, { k: 2 }, { k: 2 }]);
    const explain = await t.db.command({
      explain: { count: 'counted', query: { k: 2 } },
      verbosity: 'queryPlanner',
    });
    expect(explain['queryPlanner']['winningPlan']['stage']).toBe('COUNT');
    expect(text(explain)).toContain('"indexName":"k_1"');
    expect((await t.db.command({ count: 'counted', query: { k: 2 } }))['n']).toBe(2);
  });
});
