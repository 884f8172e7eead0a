import { MongoServerError } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../src/testing/index.js';

describe('databases and collections', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await openTestDatabase('catalog');
  });

  afterAll(async () => {
    await t.close();
  });

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
