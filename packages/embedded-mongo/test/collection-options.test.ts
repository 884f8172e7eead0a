import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, type Document } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../src/index.js';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError } from './support.js';

describe('collection options and collMod', () => {
  const t = useTestDatabase('colloptions');

  it('when an index is set to prepareUnique, then new duplicates are refused with 11000 while existing ones stay', async () => {
    const coll = t.db.collection('prepared');
    await coll.insertMany([
      { _id: 1, x: 1 },
      { _id: 2, x: 1 },
    ] as never[]);
    await coll.createIndex({ x: 1 });
    const reply = await t.db.command({
      collMod: 'prepared',
      index: { keyPattern: { x: 1 }, prepareUnique: true },
    });
    expect(reply).toMatchObject({ prepareUnique_old: false, prepareUnique_new: true, ok: 1 });
    expect((await serverError(coll.insertOne({ _id: 3, x: 1 } as never))).code).toBe(11000);
    await coll.updateOne({ _id: 2 } as never, { $set: { note: 'still a duplicate' } });
    expect(await coll.countDocuments({ x: 1 })).toBe(2);
    const indexes = await coll.listIndexes().toArray();
    expect(indexes.find((i) => i['name'] === 'x_1')).toMatchObject({ prepareUnique: true });
  });

  it('when an index with duplicates is made unique, then collMod fails with 359 and lists the violating ids', async () => {
    const err = await serverError(
      t.db.command({ collMod: 'prepared', index: { keyPattern: { x: 1 }, unique: true } }),
    );
    expect(err.code).toBe(359);
    expect(err.codeName).toBe('CannotConvertIndexToUnique');
    expect(err.errorResponse['violations']).toEqual([{ ids: [1, 2] }]);
  });

  it('when the duplicates are gone, then the index becomes unique and enforces it', async () => {
    const coll = t.db.collection('prepared');
    await coll.deleteOne({ _id: 2 } as never);
    const reply = await t.db.command({ collMod: 'prepared', index: { name: 'x_1', unique: true } });
    expect(reply).toMatchObject({ unique_new: true, ok: 1 });
    const index = (await coll.listIndexes().toArray()).find((i) => i['name'] === 'x_1');
    expect(index).toMatchObject({ unique: true });
    expect((await serverError(coll.insertOne({ _id: 9, x: 1 } as never))).code).toBe(11000);
  });

  it('when a unique conversion is tried with dryRun, then duplicates are reported and the index is left as it was', async () => {
    const coll = t.db.collection('dry');
    await coll.insertMany([
      { _id: 1, d: 1 },
      { _id: 2, d: 1 },
    ] as never[]);
    await coll.createIndex({ d: 1 });
    await t.db.command({ collMod: 'dry', index: { keyPattern: { d: 1 }, prepareUnique: true } });
    const err = await serverError(
      t.db.command({ collMod: 'dry', index: { keyPattern: { d: 1 }, unique: true }, dryRun: true }),
    );
    expect(err.code).toBe(359);
    await coll.deleteOne({ _id: 2 } as never);
    await t.db.command({
      collMod: 'dry',
      index: { keyPattern: { d: 1 }, unique: true },
      dryRun: true,
    });
    const index = (await coll.listIndexes().toArray()).find((i) => i['name'] === 'd_1');
    expect(index?.['unique']).toBeUndefined();
    expect(index?.['prepareUnique']).toBe(true);
  });

  it('when unique is asked of an index not prepared for it, then collMod fails with InvalidOptions (72)', async () => {
    const coll = t.db.collection('unprepared');
    await coll.createIndex({ y: 1 });
    const err = await serverError(
      t.db.command({ collMod: 'unprepared', index: { keyPattern: { y: 1 }, unique: true } }),
    );
    expect(err.code).toBe(72);
    expect(err.message).toBe(
      "Cannot make index unique with 'prepareUnique=false'. Run collMod to set it first.",
    );
  });

  it('when collMod names an index that does not exist, then it fails with IndexNotFound (27)', async () => {
    await t.db.collection('noindex').insertOne({ a: 1 });
    const err = await serverError(
      t.db.command({ collMod: 'noindex', index: { keyPattern: { zz: 1 }, hidden: true } }),
    );
    expect(err.code).toBe(27);
  });

  it('when collMod hides an index, then listIndexes shows it hidden', async () => {
    const coll = t.db.collection('hiding');
    await coll.createIndex({ h: 1 });
    const reply = await t.db.command({ collMod: 'hiding', index: { name: 'h_1', hidden: true } });
    expect(reply).toMatchObject({ hidden_old: false, hidden_new: true });
    expect((await coll.listIndexes().toArray()).find((i) => i['name'] === 'h_1')).toMatchObject({
      hidden: true,
    });
  });

  it('when a collection is created with a clusteredIndex, then listCollections keeps it and listIndexes shows it in place of _id_', async () => {
    await t.db.createCollection('clustered', {
      clusteredIndex: { key: { _id: 1 }, unique: true, name: 'by id' },
    });
    const [entry] = await t.db
      .listCollections({ name: 'clustered' }, { nameOnly: false })
      .toArray();
    expect(entry?.options).toEqual({
      clusteredIndex: { v: 2, key: { _id: 1 }, name: 'by id', unique: true },
    });
    expect(await t.db.collection('clustered').listIndexes().toArray()).toEqual([
      { v: 2, key: { _id: 1 }, name: 'by id', unique: true, clustered: true },
    ]);
    const err = await serverError(
      t.db.command({ create: 'badclustered', clusteredIndex: { key: { a: 1 }, unique: true } }),
    );
    expect(err.code).toBe(197);
  });

  it('when changeStreamPreAndPostImages is enabled by create or collMod, then listCollections shows it only while enabled', async () => {
    await t.db.createCollection('images', { changeStreamPreAndPostImages: { enabled: false } });
    const options = async (): Promise<Document | undefined> =>
      (await t.db.listCollections({ name: 'images' }, { nameOnly: false }).toArray())[0]
        ?.options as Document | undefined;
    expect(await options()).toEqual({});
    await t.db.command({ collMod: 'images', changeStreamPreAndPostImages: { enabled: true } });
    expect(await options()).toEqual({ changeStreamPreAndPostImages: { enabled: true } });
  });

  it('when create carries a field that is not an option, then it fails with 40415 naming the field', async () => {
    const err = await serverError(t.db.command({ create: 'odd', cappedd: true }));
    expect(err.code).toBe(40415);
    expect(err.message).toBe("BSON field 'create.cappedd' is an unknown field.");
  });

  it('when a collection is created with the simple collation, then it is created as without one', async () => {
    await t.db.createCollection('simple_collation', { collation: { locale: 'simple' } });
    const [entry] = await t.db
      .listCollections({ name: 'simple_collation' }, { nameOnly: false })
      .toArray();
    expect((entry?.options as Document)['collation']).toBeUndefined();
  });
});

// This test is about this server's own storage, so it starts the server itself.
describe('collection options across a restart', () => {
  let dir: string | undefined;

  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('when the server restarts on the same dbPath, then views, validators, capped limits and prepared indexes are as they were', async () => {
    dir = await mkdtemp(join(tmpdir(), 'embedded-mongo-options-'));
    const first = await startEmbeddedMongo({ dbPath: dir });
    const client = await new MongoClient(first.uri).connect();
    const db = client.db('app');
    await db.createCollection('log', { capped: true, size: 4096, max: 2 });
    await db.createCollection('checked', { validator: { n: { $gte: 0 } } });
    await db.collection('items').insertMany([
      { _id: 1, k: 1 },
      { _id: 2, k: 1 },
    ] as never[]);
    await db.collection('items').createIndex({ k: 1 });
    await db.command({ collMod: 'items', index: { keyPattern: { k: 1 }, prepareUnique: true } });
    await db.createCollection('firstItem', { viewOn: 'items', pipeline: [{ $limit: 1 }] });
    await client.close();
    await first.stop();

    const second = await startEmbeddedMongo({ dbPath: dir });
    const again = await new MongoClient(second.uri).connect();
    try {
      const db2 = again.db('app');
      const log = db2.collection('log');
      await log.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }] as never[]);
      expect((await log.find().toArray()).map((d) => d['_id'] as unknown)).toEqual([2, 3]);
      expect((await serverError(db2.collection('checked').insertOne({ n: -1 }))).code).toBe(121);
      expect(
        (await serverError(db2.collection('items').insertOne({ _id: 3, k: 1 } as never))).code,
      ).toBe(11000);
      expect(await db2.collection('firstItem').find().toArray()).toEqual([{ _id: 1, k: 1 }]);
    } finally {
      await again.close();
      await second.stop();
    }
  });
});
