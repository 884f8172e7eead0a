import { MongoServerError, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

interface Sale {
  _id: number;
  item: string;
  qty: number;
  price: number;
}

describe('aggregate', () => {
  const t = useTestDatabase('aggregate');

  beforeAll(async () => {
    const sales: Sale[] = [
      { _id: 1, item: 'a', qty: 2, price: 10 },
      { _id: 2, item: 'b', qty: 1, price: 20 },
      { _id: 3, item: 'a', qty: 5, price: 10 },
      { _id: 4, item: 'c', qty: 3, price: 5 },
      { _id: 5, item: 'b', qty: 4, price: 20 },
    ];
    await t.db.collection<Sale>('sales').insertMany(sales);
    await t.db.collection('items').insertMany([
      { _id: 'a', label: 'Apple' },
      { _id: 'b', label: 'Banana' },
    ] as never[]);
  });

  const sales = () => t.db.collection<Sale>('sales');

  it('when grouping with accumulators and sorting, then totals per group come back in order', async () => {
    const result = await sales()
      .aggregate([
        { $match: { qty: { $gte: 1 } } },
        {
          $group: {
            _id: '$item',
            total: { $sum: { $multiply: ['$qty', '$price'] } },
            count: { $sum: 1 },
            maxQty: { $max: '$qty' },
          },
        },
        { $sort: { total: -1 } },
      ])
      .toArray();
    expect(result).toEqual([
      { _id: 'b', total: 100, count: 2, maxQty: 4 },
      { _id: 'a', total: 70, count: 2, maxQty: 5 },
      { _id: 'c', total: 15, count: 1, maxQty: 3 },
    ]);
  });

  it('when $project, $skip and $limit are chained, then the page has the computed fields', async () => {
    const result = await sales()
      .aggregate([
        { $sort: { _id: 1 } },
        { $skip: 1 },
        { $limit: 2 },
        { $project: { _id: 0, item: 1, value: { $multiply: ['$qty', '$price'] } } },
      ])
      .toArray();
    expect(result).toEqual([
      { item: 'b', value: 20 },
      { item: 'a', value: 50 },
    ]);
  });

  it('when $sort meets a field mixing BSON types, then the order is MongoDB type order', async () => {
    const coll = t.db.collection('mixed');
    await coll.insertMany([
      { _id: 1, v: new Date('2020-01-01T00:00:00Z') },
      { _id: 2, v: new ObjectId() },
      { _id: 3, v: 'text' },
      { _id: 4, v: 7 },
      { _id: 5, v: null },
      { _id: 6, v: true },
    ] as never[]);
    const result = await coll.aggregate([{ $sort: { v: -1 } }, { $project: { _id: 1 } }]).toArray();
    expect(result.map((d) => d['_id'])).toEqual([1, 6, 2, 3, 4, 5]);
  });

  it('when pipelines add, set, unwind or reshape fields, then the stored documents are unchanged', async () => {
    const coll = t.db.collection('untouched');
    await coll.insertOne({ _id: 1, a: 1, arr: [1, 2], sub: { q: 1 } } as never);
    await coll.aggregate([{ $addFields: { x: 1, 'sub.z': 2 } }]).toArray();
    await coll.aggregate([{ $set: { a: 100 } }, { $unset: 'arr' }]).toArray();
    await coll.aggregate([{ $unwind: '$arr' }, { $set: { 'sub.w': 3 } }]).toArray();
    await coll
      .aggregate([
        { $group: { _id: null, docs: { $push: '$$ROOT' } } },
        { $unwind: '$docs' },
        { $set: { 'docs.mutated': true } },
      ])
      .toArray();
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({
      _id: 1,
      a: 1,
      arr: [1, 2],
      sub: { q: 1 },
    });
  });

  it('when $count is the last stage, then one document with the count is returned', async () => {
    const result = await sales()
      .aggregate([{ $match: { item: 'a' } }, { $count: 'n' }])
      .toArray();
    expect(result).toEqual([{ n: 2 }]);
  });

  it('when countDocuments is used (an aggregate underneath), then it counts matches', async () => {
    expect(await sales().countDocuments({ price: 20 })).toBe(2);
    expect(await sales().countDocuments({}, { skip: 1, limit: 2 })).toBe(2);
  });

  it('when $lookup joins another collection, then matching documents are embedded', async () => {
    const result = await sales()
      .aggregate([
        { $match: { _id: 2 } },
        { $lookup: { from: 'items', localField: 'item', foreignField: '_id', as: 'info' } },
        { $project: { _id: 0, label: { $first: '$info.label' } } },
      ])
      .toArray();
    expect(result).toEqual([{ label: 'Banana' }]);
  });

  it('when a pipeline result exceeds one batch, then the cursor delivers everything', async () => {
    const coll = t.db.collection('big');
    await coll.insertMany(Array.from({ length: 300 }, (_, i) => ({ i })));
    const result = await coll
      .aggregate([{ $match: { i: { $gte: 50 } } }], { batchSize: 40 })
      .toArray();
    expect(result).toHaveLength(250);
  });

  it('when the aggregate reply is read raw, then it has the cursor shape', async () => {
    const reply = await t.db.command({
      aggregate: 'sales',
      pipeline: [{ $match: { _id: 1 } }],
      cursor: {},
    });
    const cursor = reply['cursor'] as { firstBatch: unknown[]; ns: string; id: unknown };
    expect(cursor.firstBatch).toEqual([{ _id: 1, item: 'a', qty: 2, price: 10 }]);
    expect(cursor.ns).toBe(`${t.dbName}.sales`);
    expect(Number(cursor.id)).toBe(0);
  });

  it('when a stage is unknown, then the aggregate fails with a server error', async () => {
    const err: unknown = await sales()
      .aggregate([{ $noSuchStage: {} }])
      .toArray()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
  });
});
