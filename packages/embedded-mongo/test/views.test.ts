import type { Document } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError } from './support.js';

describe('views', () => {
  const t = useTestDatabase('views');

  beforeAll(async () => {
    await t.db.collection('orders').insertMany([
      { _id: 1, item: 'pen', qty: 5, price: 2 },
      { _id: 2, item: 'ink', qty: 0, price: 9 },
      { _id: 3, item: 'pad', qty: 12, price: 4 },
      { _id: 4, item: 'pen', qty: 1, price: 2 },
    ] as never[]);
    await t.db.createCollection('inStock', {
      viewOn: 'orders',
      pipeline: [{ $match: { qty: { $gt: 0 } } }, { $project: { price: 0 } }],
    });
  });

  it('when a view is read with find, then its pipeline runs over the collection under it', async () => {
    const docs = await t.db.collection('inStock').find().toArray();
    expect(docs).toEqual([
      { _id: 1, item: 'pen', qty: 5 },
      { _id: 3, item: 'pad', qty: 12 },
      { _id: 4, item: 'pen', qty: 1 },
    ]);
  });

  it('when find on a view has a filter, sort, skip, limit and projection, then they apply to the view output', async () => {
    const docs = await t.db
      .collection('inStock')
      .find({ item: 'pen' }, { projection: { _id: 0, qty: 1 } })
      .sort({ qty: -1 })
      .skip(0)
      .limit(1)
      .toArray();
    expect(docs).toEqual([{ qty: 5 }]);
  });

  it('when a view is counted, then countDocuments and estimatedDocumentCount count its output', async () => {
    const view = t.db.collection('inStock');
    expect(await view.countDocuments()).toBe(3);
    expect(await view.countDocuments({ item: 'pen' })).toBe(2);
    expect(await view.estimatedDocumentCount()).toBe(3);
  });

  it('when distinct and aggregate run on a view, then they see only its documents', async () => {
    const view = t.db.collection('inStock');
    expect(await view.distinct('item')).toEqual(['pad', 'pen']);
    const totals = await view
      .aggregate<Document>([
        { $group: { _id: '$item', qty: { $sum: '$qty' } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(totals).toEqual([
      { _id: 'pad', qty: 12 },
      { _id: 'pen', qty: 6 },
    ]);
  });

  it('when listCollections runs, then the view is listed with type view, its options and readOnly, and system.views is there', async () => {
    const entries = await t.db.listCollections({ name: 'inStock' }, { nameOnly: false }).toArray();
    expect(entries).toEqual([
      {
        name: 'inStock',
        type: 'view',
        options: {
          viewOn: 'orders',
          pipeline: [{ $match: { qty: { $gt: 0 } } }, { $project: { price: 0 } }],
        },
        info: { readOnly: true },
      },
    ]);
    const names = (await t.db.listCollections({}, { nameOnly: true }).toArray()).map((e) => e.name);
    expect(names).toContain('system.views');
    expect(await t.db.listCollections({ type: 'view' }, { nameOnly: true }).toArray()).toEqual([
      { name: 'inStock', type: 'view' },
    ]);
  });

  it('when a document is inserted into a view, then it fails with CommandNotSupportedOnView (166) and nothing is stored', async () => {
    const err = await serverError(t.db.collection('inStock').insertOne({ item: 'new', qty: 1 }));
    expect(err.code).toBe(166);
    expect(err.message).toBe(`Namespace ${t.dbName}.inStock is a view, not a collection`);
    expect(await t.db.collection('orders').countDocuments()).toBe(4);
  });

  it('when a view is updated, deleted from or modified with findAndModify, then each fails with 166', async () => {
    const view = t.db.collection('inStock');
    expect(
      (await serverError(view.updateOne({ _id: 1 } as never, { $set: { qty: 0 } }))).code,
    ).toBe(166);
    expect((await serverError(view.deleteMany({}))).code).toBe(166);
    expect(
      (await serverError(view.findOneAndUpdate({ _id: 1 } as never, { $set: { qty: 0 } }))).code,
    ).toBe(166);
    expect(await t.db.collection('orders').findOne({ _id: 1 } as never)).toMatchObject({ qty: 5 });
  });

  it('when indexes are created or listed on a view, then both fail with 166', async () => {
    const view = t.db.collection('inStock');
    expect((await serverError(view.createIndex({ qty: 1 }))).code).toBe(166);
    expect((await serverError(view.listIndexes().toArray())).code).toBe(166);
  });

  it('when an unordered insert batch targets a view, then every document gets a write error', async () => {
    const reply = await t.db.command({
      insert: 'inStock',
      documents: [{ a: 1 }, { a: 2 }],
      ordered: false,
    });
    expect(reply['n']).toBe(0);
    expect((reply['writeErrors'] as Document[]).map((e) => [e['index'], e['code']])).toEqual([
      [0, 166],
      [1, 166],
    ]);
  });

  it('when a view is defined on another view, then reads run both pipelines in order', async () => {
    await t.db.createCollection('pens', {
      viewOn: 'inStock',
      pipeline: [{ $match: { item: 'pen' } }],
    });
    expect(await t.db.collection('pens').find().toArray()).toEqual([
      { _id: 1, item: 'pen', qty: 5 },
      { _id: 4, item: 'pen', qty: 1 },
    ]);
  });

  it('when a view would come to depend on itself, then collMod fails with GraphContainsCycle (5)', async () => {
    await t.db.createCollection('a', { viewOn: 'orders', pipeline: [] });
    await t.db.createCollection('b', { viewOn: 'a', pipeline: [] });
    const err = await serverError(t.db.command({ collMod: 'a', viewOn: 'b', pipeline: [] }));
    expect(err.code).toBe(5);
    expect(err.message).toBe(
      `View cycle detected: ${t.dbName}.a => ${t.dbName}.b => ${t.dbName}.a`,
    );
  });

  it('when collMod changes a view pipeline, then reads use the new one', async () => {
    await t.db.createCollection('cheap', {
      viewOn: 'orders',
      pipeline: [{ $match: { price: 2 } }],
    });
    await t.db.command({ collMod: 'cheap', pipeline: [{ $match: { price: 9 } }] });
    expect(await t.db.collection('cheap').find().toArray()).toEqual([
      { _id: 2, item: 'ink', qty: 0, price: 9 },
    ]);
  });

  it('when a name is taken by a view, then creating a collection or view there fails with NamespaceExists (48)', async () => {
    const err = await serverError(t.db.command({ create: 'inStock' }));
    expect(err.code).toBe(48);
    expect(err.message).toBe(`A view already exists. NS: ${t.dbName}.inStock`);
  });

  it('when a view pipeline holds $out, then create fails with OptionNotSupportedOnView (167)', async () => {
    const err = await serverError(
      t.db.command({ create: 'bad', viewOn: 'orders', pipeline: [{ $out: 'x' }] }),
    );
    expect(err.code).toBe(167);
  });

  it('when pipeline is given without viewOn, then create fails with InvalidOptions (72)', async () => {
    const err = await serverError(t.db.command({ create: 'bad', pipeline: [] }));
    expect(err.code).toBe(72);
    expect(err.message).toBe("'pipeline' requires 'viewOn' to also be specified");
  });

  it('when system.views is written to directly, then the write fails with InvalidNamespace (73)', async () => {
    const err = await serverError(t.db.collection('system.views').insertOne({ _id: 'x' } as never));
    expect(err.code).toBe(73);
  });

  it('when a view is dropped, then it is gone and the collection under it is untouched', async () => {
    await t.db.createCollection('temp', { viewOn: 'orders', pipeline: [] });
    expect(await t.db.collection('temp').drop()).toBe(true);
    expect(await t.db.listCollections({ name: 'temp' }, { nameOnly: false }).toArray()).toEqual([]);
    expect(await t.db.collection('orders').countDocuments()).toBe(4);
  });

  it('when the collection under a view is missing, then the view reads as empty', async () => {
    await t.db.createCollection('ghost', { viewOn: 'nothing-here', pipeline: [] });
    expect(await t.db.collection('ghost').find().toArray()).toEqual([]);
    expect(await t.db.collection('ghost').countDocuments()).toBe(0);
  });

  it('when $lookup names a view, then it joins against what the view yields', async () => {
    await t.db.collection('wanted').insertMany([
      { _id: 'w1', item: 'pen' },
      { _id: 'w2', item: 'ink' },
    ] as never[]);
    const joined = await t.db
      .collection('wanted')
      .aggregate<Document>([
        { $lookup: { from: 'inStock', localField: 'item', foreignField: 'item', as: 'stock' } },
        { $project: { _id: 1, n: { $size: '$stock' } } },
      ])
      .toArray();
    expect(joined).toEqual([
      { _id: 'w1', n: 2 },
      { _id: 'w2', n: 0 },
    ]);
  });

  it('when dbStats is asked, then it counts the views', async () => {
    const stats = await t.db.stats();
    expect(stats['views']).toBeGreaterThanOrEqual(1);
  });
});
