import { startEmbeddedMongo, type EmbeddedMongo } from '@repo/embedded-mongo';
import { MongoClient, MongoServerError, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyDatabase } from '../src/copy-database.js';

describe('copyDatabase', () => {
  let server: EmbeddedMongo;
  let client: MongoClient;

  beforeAll(async () => {
    server = await startEmbeddedMongo({ inMemory: true });
    client = await MongoClient.connect(server.uri);
  });

  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  it('when a database is copied, then the copy holds the same documents, ids, indexes and empty collections', async () => {
    const from = client.db('copy_from');
    const to = client.db('copy_to');
    const id = new ObjectId();
    await from.collection('products').createIndex({ modelNumber: 1 }, { unique: true });
    await from.collection('products').insertMany([
      { _id: id, modelNumber: 'AR-1', price: 10 },
      { modelNumber: 'AR-2', price: 20 },
    ]);
    await from.createCollection('orders');

    await copyDatabase(from, to);

    expect(await to.collection('products').findOne({ _id: id })).toEqual({
      _id: id,
      modelNumber: 'AR-1',
      price: 10,
    });
    expect(await to.collection('products').countDocuments()).toBe(2);
    expect(
      (await to.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort(),
    ).toEqual(['orders', 'products']);
    await expect(to.collection('products').insertOne({ modelNumber: 'AR-1' })).rejects.toThrow(
      MongoServerError,
    );
    expect(await from.collection('products').countDocuments()).toBe(2);
  });
});
