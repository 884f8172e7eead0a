import { type Document, type Long } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError } from './support.js';

interface CursorReply {
  cursor: { id: Long; firstBatch?: Document[]; nextBatch?: Document[] };
}

describe('capped collections', () => {
  const t = useTestDatabase('capped');

  it('when a capped collection is created, then listCollections shows capped, size and max, and the driver sees it as capped', async () => {
    const coll = await t.db.createCollection('log', { capped: true, size: 4096, max: 3 });
    const [entry] = await t.db.listCollections({ name: 'log' }, { nameOnly: false }).toArray();
    expect(entry?.options).toEqual({ capped: true, size: 4096, max: 3 });
    expect(await coll.isCapped()).toBe(true);
    expect(await t.db.collection('log').options()).toEqual({ capped: true, size: 4096, max: 3 });
  });

  it('when a capped size is not a multiple of 256, then it is rounded up as MongoDB does', async () => {
    await t.db.createCollection('rounded', { capped: true, size: 1000 });
    const [entry] = await t.db.listCollections({ name: 'rounded' }, { nameOnly: false }).toArray();
    expect(entry?.options).toEqual({ capped: true, size: 1024 });
  });

  it('when more documents than max are inserted, then the oldest are removed and insertion order is kept', async () => {
    const coll = await t.db.createCollection('events', { capped: true, size: 4096, max: 3 });
    for (let i = 1; i <= 5; i++) await coll.insertOne({ _id: i, n: i } as never);
    expect(await coll.find().toArray()).toEqual([
      { _id: 3, n: 3 },
      { _id: 4, n: 4 },
      { _id: 5, n: 5 },
    ]);
  });

  it('when the documents outgrow size, then the oldest are removed until the rest fits', async () => {
    const coll = await t.db.createCollection('bytes', { capped: true, size: 1024 });
    const filler = 'x'.repeat(300);
    for (let i = 1; i <= 6; i++) await coll.insertOne({ _id: i, filler } as never);
    const ids = (await coll.find().toArray()).map((d) => d['_id'] as unknown);
    expect(ids).toEqual([4, 5, 6]);
  });

  it('when a document larger than the capped size is inserted, then it is refused with BadValue (2)', async () => {
    const coll = await t.db.createCollection('tiny', { capped: true, size: 256 });
    const err = await serverError(coll.insertOne({ big: 'y'.repeat(1000) }));
    expect(err.code).toBe(2);
    expect(err.message).toBe('object to insert exceeds cappedMaxSize');
    expect(await coll.countDocuments()).toBe(0);
  });

  it('when capped is true without size, or size is given without capped, then create fails with InvalidOptions (72)', async () => {
    expect((await serverError(t.db.command({ create: 'nosize', capped: true }))).code).toBe(72);
    expect((await serverError(t.db.command({ create: 'nocap', size: 4096 }))).code).toBe(72);
  });

  it('when collStats is asked, then a capped collection reports capped, max and maxSize and a plain one capped: false', async () => {
    const coll = await t.db.createCollection('stats', { capped: true, size: 2048, max: 10 });
    await coll.insertMany([{ a: 1 }, { a: 2 }]);
    const stats = await t.db.command({ collStats: 'stats' });
    expect(stats).toMatchObject({ capped: true, max: 10, maxSize: 2048, count: 2, nindexes: 1 });
    await t.db.collection('plain').insertOne({ a: 1 });
    expect((await t.db.command({ collStats: 'plain' }))['capped']).toBe(false);
  });

  it('when collMod changes cappedMax, then the next insert trims to the new limit', async () => {
    const coll = await t.db.createCollection('shrink', { capped: true, size: 4096, max: 5 });
    await coll.insertMany([1, 2, 3, 4, 5].map((i) => ({ _id: i })) as never[]);
    await t.db.command({ collMod: 'shrink', cappedMax: 2 });
    await coll.insertOne({ _id: 6 } as never);
    expect((await coll.find().toArray()).map((d) => d['_id'] as unknown)).toEqual([5, 6]);
    expect(
      (await t.db.listCollections({ name: 'shrink' }, { nameOnly: false }).toArray())[0]?.options,
    ).toEqual({
      capped: true,
      size: 4096,
      max: 2,
    });
  });

  it('when a tailable cursor reaches the end, then it stays open and a later getMore returns new documents', async () => {
    const coll = await t.db.createCollection('tail', { capped: true, size: 4096, max: 10 });
    await coll.insertMany([{ _id: 1 }, { _id: 2 }] as never[]);
    const first = (await t.db.command({
      find: 'tail',
      tailable: true,
      batchSize: 2,
    })) as CursorReply;
    expect(first.cursor.firstBatch).toEqual([{ _id: 1 }, { _id: 2 }]);
    const id = first.cursor.id;
    expect(id.isZero()).toBe(false);
    const empty = (await t.db.command({ getMore: id, collection: 'tail' })) as CursorReply;
    expect(empty.cursor.nextBatch).toEqual([]);
    expect(empty.cursor.id.isZero()).toBe(false);
    await coll.insertOne({ _id: 3 } as never);
    const next = (await t.db.command({ getMore: id, collection: 'tail' })) as CursorReply;
    expect(next.cursor.nextBatch).toEqual([{ _id: 3 }]);
    await t.db.command({ killCursors: 'tail', cursors: [id] });
  });

  it('when the driver tails a capped collection, then it receives documents inserted after the cursor opened', async () => {
    const coll = await t.db.createCollection('feed', { capped: true, size: 4096 });
    await coll.insertOne({ _id: 1 } as never);
    const cursor = coll.find({}, { tailable: true, awaitData: false });
    expect(await cursor.next()).toEqual({ _id: 1 });
    await coll.insertOne({ _id: 2 } as never);
    expect(await cursor.next()).toEqual({ _id: 2 });
    await cursor.close();
  });

  it('when an awaitData getMore finds nothing new, then it waits up to maxTimeMS and returns a document inserted meanwhile', async () => {
    const coll = await t.db.createCollection('await', { capped: true, size: 4096 });
    await coll.insertOne({ _id: 1 } as never);
    const first = (await t.db.command({
      find: 'await',
      tailable: true,
      awaitData: true,
    })) as CursorReply;
    const id = first.cursor.id;
    const started = Date.now();
    const waited = (await t.db.command({
      getMore: id,
      collection: 'await',
      maxTimeMS: 150,
    })) as CursorReply;
    expect(waited.cursor.nextBatch).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const pending = t.db.command({ getMore: id, collection: 'await', maxTimeMS: 5000 });
    setTimeout(() => void coll.insertOne({ _id: 2 } as never), 50);
    const arrived = (await pending) as CursorReply;
    expect(arrived.cursor.nextBatch).toEqual([{ _id: 2 }]);
    await t.db.command({ killCursors: 'await', cursors: [id] });
  });

  it('when awaitData is asked without tailable, then find fails with FailedToParse (9)', async () => {
    await t.db.createCollection('awaitonly', { capped: true, size: 4096 });
    const err = await serverError(t.db.command({ find: 'awaitonly', awaitData: true }));
    expect(err.code).toBe(9);
  });

  it('when a tailable cursor is asked of a collection that is not capped, then find fails with BadValue (2)', async () => {
    await t.db.collection('notcapped').insertOne({ a: 1 });
    const err = await serverError(t.db.command({ find: 'notcapped', tailable: true }));
    expect(err.code).toBe(2);
  });

  it('when documents are deleted from a capped collection, then the freed room is reused', async () => {
    const coll = await t.db.createCollection('deletes', { capped: true, size: 4096, max: 2 });
    await coll.insertMany([{ _id: 1 }, { _id: 2 }] as never[]);
    await coll.deleteOne({ _id: 1 } as never);
    await coll.insertOne({ _id: 3 } as never);
    expect((await coll.find().toArray()).map((d) => d['_id'] as unknown)).toEqual([2, 3]);
  });
});
