import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError, type AnyDocument } from './support.js';

describe('$out', () => {
  const t = useTestDatabase('agg_out');
  const source = () => t.db.collection<AnyDocument>('source');
  const target = () => t.db.collection<AnyDocument>('target');
  const otherDb = () => t.client.db(`${t.dbName}_other`);

  beforeEach(async () => {
    await source()
      .drop()
      .catch(() => undefined);
    await target()
      .drop()
      .catch(() => undefined);
    await source().insertMany([
      { _id: 1, x: 1 },
      { _id: 2, x: 2 },
      { _id: 3, x: 3 },
    ]);
  });

  afterAll(async () => {
    await otherDb().dropDatabase();
  });

  it('when $out names a collection, then its documents become the output and the cursor is empty', async () => {
    await target().insertOne({ _id: 99, old: true });
    const cursor = await source()
      .aggregate([{ $match: { x: { $gte: 2 } } }, { $out: 'target' }])
      .toArray();
    expect(cursor).toEqual([]);
    expect(await target().find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 2, x: 2 },
      { _id: 3, x: 3 },
    ]);
  });

  it('when $out names another database, then the collection there receives the output', async () => {
    await source()
      .aggregate([{ $project: { _id: 1 } }, { $out: { db: otherDb().databaseName, coll: 'copy' } }])
      .toArray();
    expect(await otherDb().collection('copy').countDocuments()).toBe(3);
  });

  it('when the output has no _id, then $out generates one for each document', async () => {
    await source()
      .aggregate([{ $project: { _id: 0, x: 1 } }, { $out: 'target' }])
      .toArray();
    const docs = await target().find().toArray();
    expect(docs).toHaveLength(3);
    expect(new Set(docs.map((d) => String(d._id))).size).toBe(3);
  });

  it('when the target has indexes, then they are kept', async () => {
    await target().createIndex({ x: 1 }, { unique: true, name: 'x_unique' });
    await source()
      .aggregate([{ $out: 'target' }])
      .toArray();
    const names = (await target().listIndexes().toArray()).map((i) => i['name'] as string);
    expect(names.sort()).toEqual(['_id_', 'x_unique']);
  });

  it('when the output breaks a unique index of the target, then $out fails with 11000 and the target is unchanged', async () => {
    await target().insertOne({ _id: 'kept', x: 100 });
    await target().createIndex({ y: 1 }, { unique: true });
    const error = await serverError(
      source()
        .aggregate([{ $project: { y: { $literal: 1 } } }, { $out: 'target' }])
        .toArray(),
    );
    expect(error.code).toBe(11000);
    expect(await target().find().toArray()).toEqual([{ _id: 'kept', x: 100 }]);
  });

  it('when $out writes into its own source, then the source holds the output', async () => {
    await source()
      .aggregate([{ $match: { x: 1 } }, { $set: { y: 'only' } }, { $out: 'source' }])
      .toArray();
    expect(await source().find().toArray()).toEqual([{ _id: 1, x: 1, y: 'only' }]);
  });

  it('when the pipeline outputs nothing, then the target exists and is empty', async () => {
    await source()
      .aggregate([{ $match: { x: 42 } }, { $out: 'target' }])
      .toArray();
    const names = (await t.db.listCollections({ name: 'target' }).toArray()).map((c) => c.name);
    expect(names).toEqual(['target']);
    expect(await target().countDocuments()).toBe(0);
  });

  it('when $out names a system collection, then it fails with 17385', async () => {
    const error = await serverError(
      source()
        .aggregate([{ $out: 'system.out' }])
        .toArray(),
    );
    expect(error.code).toBe(17385);
  });
});
