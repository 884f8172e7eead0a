import { Long, MongoServerError, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

interface Item {
  _id: number;
  n: number;
  group: string;
  tags: string[];
  nested: { v: number };
}

describe('find, getMore and killCursors', () => {
  const t = useTestDatabase('find');

  beforeAll(async () => {
    const items: Item[] = Array.from({ length: 250 }, (_, i) => ({
      _id: i,
      n: i,
      group: i % 2 === 0 ? 'even' : 'odd',
      tags: [`t${i % 3}`, 'all'],
      nested: { v: i % 10 },
    }));
    await t.db.collection<Item>('items').insertMany(items);
  });

  const items = () => t.db.collection<Item>('items');

  it('when filtering with comparison operators, then only matching documents come back', async () => {
    const docs = await items()
      .find({ n: { $gte: 10, $lt: 15 } })
      .toArray();
    expect(docs.map((d) => d._id)).toEqual([10, 11, 12, 13, 14]);
  });

  it('when filtering on an array element and a dotted path, then the query semantics match MongoDB', async () => {
    expect(await items().countDocuments({ tags: 't1' })).toBe(83);
    expect(await items().countDocuments({ 'nested.v': 3 })).toBe(25);
    expect(await items().countDocuments({ $or: [{ n: 1 }, { n: 2 }] })).toBe(2);
    expect(await items().countDocuments({ tags: { $all: ['t0', 'all'] } })).toBe(84);
  });

  it('when sorting, skipping and limiting, then the page is in order', async () => {
    const docs = await items()
      .find({ group: 'odd' }, { sort: { n: -1 }, skip: 2, limit: 3 })
      .toArray();
    expect(docs.map((d) => d.n)).toEqual([245, 243, 241]);
  });

  it('when sorting a field holding different BSON types, then they come in MongoDB type order', async () => {
    const coll = t.db.collection('mixed');
    const oid = new ObjectId();
    const when = new Date('2020-01-01T00:00:00Z');
    await coll.insertMany([
      { _id: 'date', v: when },
      { _id: 'bool', v: true },
      { _id: 'oid', v: oid },
      { _id: 'obj', v: { a: 1 } },
      { _id: 'str', v: 'text' },
      { _id: 'num', v: 5 },
      { _id: 'null', v: null },
      { _id: 'missing' },
    ] as never[]);
    const ascending = await coll.find({}).sort({ v: 1, _id: 1 }).toArray();
    expect(ascending.map((d) => d._id)).toEqual([
      'missing',
      'null',
      'num',
      'str',
      'obj',
      'oid',
      'bool',
      'date',
    ]);
  });

  it('when sorting by an array field, then ascending uses the smallest and descending the largest element', async () => {
    const coll = t.db.collection('arrays');
    await coll.insertMany([
      { _id: 'a', v: [5, 1] },
      { _id: 'b', v: [3] },
      { _id: 'c', v: [2, 9] },
    ] as never[]);
    expect((await coll.find({}).sort({ v: 1 }).toArray()).map((d) => d._id)).toEqual([
      'a',
      'c',
      'b',
    ]);
    expect((await coll.find({}).sort({ v: -1 }).toArray()).map((d) => d._id)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('when sorting on two keys, then the second breaks ties of the first', async () => {
    const docs = await items()
      .find({ n: { $lt: 6 } })
      .sort({ group: 1, n: -1 })
      .toArray();
    expect(docs.map((d) => d.n)).toEqual([4, 2, 0, 5, 3, 1]);
  });

  it('when projecting with inclusion, then only the chosen fields and _id are returned', async () => {
    const doc = await items().findOne({ _id: 5 }, { projection: { n: 1, 'nested.v': 1 } });
    expect(doc).toEqual({ _id: 5, n: 5, nested: { v: 5 } });
  });

  it('when projecting with exclusion, then the excluded fields are missing', async () => {
    const doc = await items().findOne({ _id: 5 }, { projection: { tags: 0, nested: 0, _id: 0 } });
    expect(doc).toEqual({ n: 5, group: 'odd' });
  });

  it('when a projection excludes a nested field, then only the reply lacks it and the stored document is intact', async () => {
    const coll = t.db.collection('nested-projection');
    await coll.insertOne({ _id: 1, sub: { q: 1, r: 2 }, items: [{ k: 1, v: 'a' }] } as never);
    expect(
      await coll.findOne({ _id: 1 } as never, { projection: { 'sub.q': 0, 'items.v': 0 } }),
    ).toEqual({
      _id: 1,
      sub: { r: 2 },
      items: [{ k: 1 }],
    });
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({
      _id: 1,
      sub: { q: 1, r: 2 },
      items: [{ k: 1, v: 'a' }],
    });
  });

  it('when a projection only slices an array, then every other field is still returned', async () => {
    const coll = t.db.collection('slice');
    await coll.insertOne({ _id: 1, name: 'n', list: [1, 2, 3, 4] } as never);
    expect(
      await coll.findOne({ _id: 1 } as never, { projection: { list: { $slice: 2 } } }),
    ).toEqual({ _id: 1, name: 'n', list: [1, 2] });
    expect(
      await coll.findOne({ _id: 1 } as never, { projection: { list: { $slice: -1 } } }),
    ).toEqual({ _id: 1, name: 'n', list: [4] });
    expect(
      await coll.findOne({ _id: 1 } as never, { projection: { list: { $slice: [1, 2] } } }),
    ).toEqual({ _id: 1, name: 'n', list: [2, 3] });
  });

  it('when an inclusion projection is applied, then _id comes first and fields keep document order', async () => {
    const doc = await items().findOne({ _id: 7 }, { projection: { nested: 1, n: 1 } });
    expect(Object.keys(doc ?? {})).toEqual(['_id', 'n', 'nested']);
  });

  it('when a projection names top-level fields only, then it keeps or drops exactly those, _id as asked, and leaves the stored document whole', async () => {
    const coll = t.db.collection('top-level-projection');
    const stored = { _id: 1, b: 2, a: [1, { x: 1 }], c: { d: 4 }, e: null };
    await coll.insertOne(stored as never);
    const one = { _id: 1 } as never;
    expect(await coll.findOne(one, { projection: { c: 1, a: true } })).toEqual({
      _id: 1,
      a: [1, { x: 1 }],
      c: { d: 4 },
    });
    expect(await coll.findOne(one, { projection: { a: 0, e: false } })).toEqual({
      _id: 1,
      b: 2,
      c: { d: 4 },
    });
    expect(await coll.findOne(one, { projection: { _id: 1 } })).toEqual({ _id: 1 });
    expect(await coll.findOne(one, { projection: { _id: 0, missing: 1 } })).toEqual({});
    expect(await coll.findOne(one, { projection: { _id: 0 } })).toEqual({
      b: 2,
      a: [1, { x: 1 }],
      c: { d: 4 },
      e: null,
    });
    await expect(coll.findOne(one, { projection: { a: 1, b: 0 } })).rejects.toThrow(
      MongoServerError,
    );
    const moved = await coll.findOneAndUpdate(one, { $push: { a: 3 } } as never, {
      returnDocument: 'after',
      projection: { a: 0 },
    });
    expect(moved).toEqual({ _id: 1, b: 2, c: { d: 4 }, e: null });
    expect(await coll.findOne(one)).toEqual({ ...stored, a: [1, { x: 1 }, 3] });
  });

  it('when more than 101 documents match, then the first batch has 101 and getMore returns the rest', async () => {
    const first = await t.db.command({ find: 'items', filter: {} }, { promoteLongs: false });
    const cursor = first['cursor'] as { id: Long; firstBatch: unknown[]; ns: string };
    expect(cursor.firstBatch).toHaveLength(101);
    expect(cursor.ns).toBe(`${t.dbName}.items`);
    const id = cursor.id;
    expect(Long.isLong(id)).toBe(true);
    expect(id.isZero()).toBe(false);
    const more = await t.db.command({
      getMore: id,
      collection: 'items',
      batchSize: 1000,
    });
    const next = more['cursor'] as { id: Long; nextBatch: unknown[] };
    expect(next.nextBatch).toHaveLength(149);
    expect(Number(next.id)).toBe(0);
  });

  it('when the driver iterates a cursor with a small batchSize, then every document arrives exactly once', async () => {
    const ids: number[] = [];
    for await (const doc of items().find({}, { batchSize: 7 })) ids.push(doc._id);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
  });

  it('when a cursor is killed, then getMore on it fails with CursorNotFound (43)', async () => {
    const first = await t.db.command({ find: 'items', filter: {}, batchSize: 2 });
    const id = (first['cursor'] as { id: Long }).id;
    const killed = await t.db.command({ killCursors: 'items', cursors: [id] });
    expect((killed['cursorsKilled'] as unknown[]).length).toBe(1);
    const err: unknown = await t.db
      .command({ getMore: id, collection: 'items' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).code).toBe(43);
  });

  it('when a cursor is closed early by the driver, then later queries still work', async () => {
    const cursor = items().find({}, { batchSize: 5 });
    await cursor.next();
    await cursor.close();
    expect(await items().countDocuments({})).toBe(250);
  });

  it('when a limit is given with a larger result, then exactly limit documents come back', async () => {
    const docs = await items().find({}).limit(120).toArray();
    expect(docs).toHaveLength(120);
  });

  it('when findOne misses, then it returns null', async () => {
    expect(await items().findOne({ _id: 100_000 })).toBeNull();
  });

  it('when querying a collection that does not exist, then the result is empty', async () => {
    expect(await t.db.collection('missing').find({}).toArray()).toEqual([]);
  });

  it('when filtering by _id with $in, then exactly those documents are returned', async () => {
    const docs = await items()
      .find({ _id: { $in: [3, 1, 999] } })
      .sort({ _id: 1 })
      .toArray();
    expect(docs.map((d) => d._id)).toEqual([1, 3]);
  });

  it('when filtering with a regular expression, then matching strings are found', async () => {
    expect(await items().countDocuments({ group: /^ev/ })).toBe(125);
  });

  it('when count and distinct are run, then they report MongoDB shapes', async () => {
    const count = await t.db.command({ count: 'items', query: { group: 'even' } });
    expect(count['n']).toBe(125);
    expect(await items().estimatedDocumentCount()).toBe(250);
    const values = await items().distinct('tags');
    expect([...values].sort()).toEqual(['all', 't0', 't1', 't2']);
    expect((await items().distinct('nested.v', { n: { $lt: 3 } })).sort()).toEqual([0, 1, 2]);
  });
});
