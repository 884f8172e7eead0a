import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

describe('databases and collections', () => {
  const t = useTestDatabase('catalog');

  it('when a collection is created explicitly, then listCollections reports it with its type', async () => {
    await t.db.createCollection('explicit');
    const entries = await t.db.listCollections({ name: 'explicit' }).toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ name: 'explicit', type: 'collection' });
  });

  it('when creating a collection that exists, then it fails with NamespaceExists (48)', async () => {
    await t.db.createCollection('exists');
    const err: unknown = await t.db.command({ create: 'exists' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).code).toBe(48);
  });

  it('when a document is inserted, then the collection is created implicitly', async () => {
    await t.db.collection('implicit').insertOne({ a: 1 });
    const names = (await t.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).toContain('implicit');
  });

  it('when listing with nameOnly, then entries carry name and type', async () => {
    await t.db.collection('nameonly').insertOne({ a: 1 });
    const entries = await t.db.listCollections({ name: 'nameonly' }, { nameOnly: true }).toArray();
    expect(entries).toEqual([{ name: 'nameonly', type: 'collection' }]);
  });

  it('when a collection is dropped, then it disappears and its documents are gone', async () => {
    const coll = t.db.collection('dropme');
    await coll.insertOne({ a: 1 });
    expect(await coll.drop()).toBe(true);
    expect(await t.db.listCollections({ name: 'dropme' }).toArray()).toEqual([]);
    expect(await coll.countDocuments()).toBe(0);
  });

  it('when a collection is renamed, then its documents and indexes move to the new name', async () => {
    const coll = t.db.collection('before');
    await coll.createIndex({ k: 1 }, { unique: true });
    await coll.insertMany([{ k: 1 }, { k: 2 }]);
    const renamed = await coll.rename('after');
    expect(await renamed.countDocuments()).toBe(2);
    expect((await renamed.listIndexes().toArray()).map((i) => i['name'])).toEqual(['_id_', 'k_1']);
    expect(await t.db.listCollections({ name: 'before' }).toArray()).toEqual([]);
    const err: unknown = await renamed.insertOne({ k: 1 }).catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(11000);
  });

  it('when renaming onto an existing collection, then it fails with NamespaceExists unless dropTarget is set', async () => {
    await t.db.collection('src').insertOne({ from: 'src' });
    await t.db.collection('dst').insertOne({ from: 'dst' });
    const err: unknown = await t.db
      .collection('src')
      .rename('dst')
      .catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(48);
    await t.db.collection('src').rename('dst', { dropTarget: true });
    expect(
      await t.db
        .collection('dst')
        .find({}, { projection: { _id: 0 } })
        .toArray(),
    ).toEqual([{ from: 'src' }]);
  });

  it('when dbStats is asked, then it counts collections and documents', async () => {
    const other = t.client.db(`${t.dbName}_stats`);
    try {
      await other.collection('a').insertMany([{ x: 1 }, { x: 2 }]);
      await other.collection('b').insertOne({ x: 3 });
      const stats = await other.stats();
      expect(stats['collections']).toBe(2);
      expect(stats['objects']).toBe(3);
      expect(stats['ok']).toBe(1);
    } finally {
      await other.dropDatabase();
    }
  });

  it('when the database is listed, then listDatabases includes it', async () => {
    await t.db.collection('present').insertOne({ a: 1 });
    const result = await t.client.db('admin').admin().listDatabases();
    expect(result.databases.map((d) => d.name)).toContain(t.dbName);
    const names = await t.client.db('admin').admin().listDatabases({ nameOnly: true });
    expect(names.databases.map((d) => d.name)).toContain(t.dbName);
  });

  it('when a database is dropped, then its collections are gone', async () => {
    const other = t.client.db(`${t.dbName}_x`);
    await other.collection('c').insertOne({ a: 1 });
    expect(await other.dropDatabase()).toBe(true);
    expect(await other.listCollections().toArray()).toEqual([]);
    const result = await t.client.db('admin').admin().listDatabases({ nameOnly: true });
    expect(result.databases.map((d) => d.name)).not.toContain(`${t.dbName}_x`);
  });
});
