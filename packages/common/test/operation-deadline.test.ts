import { MongoClient, MongoNetworkTimeoutError } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { withOperationDeadline } from '../src/mongo/operation-deadline.js';
import { mongoAddress, startFaultProxy, type FaultProxy } from '../src/testing/fault-proxy.js';

const testDb = useTestDatabase('common_operation_deadline');
let proxy: FaultProxy;
let client: MongoClient;

beforeAll(async () => {
  proxy = await startFaultProxy(mongoAddress(testDb.uri));
  // No driver deadline at all: only the wrapper can end an operation on a stalled connection.
  client = new MongoClient(proxy.mongoUri(testDb.uri));
  await client.connect();
});
afterAll(async () => {
  proxy.setMode('pass');
  await client.close();
  await proxy.close();
});

describe('withOperationDeadline', () => {
  it('when the database answers, then operations, cursors and their builders work as without it', async () => {
    const things = withOperationDeadline(client.db(testDb.dbName), 1_000).collection('things');
    await things.insertMany([{ n: 2 }, { n: 1 }, { n: 3 }]);
    expect(await things.countDocuments()).toBe(3);
    const sorted = await things
      .find({}, { projection: { _id: 0 } })
      .sort({ n: 1 })
      .limit(2)
      .toArray();
    expect(sorted).toEqual([{ n: 1 }, { n: 2 }]);
    const streamed: unknown[] = [];
    for await (const thing of things.find({}).sort({ n: -1 })) streamed.push(thing.n);
    expect(streamed).toEqual([3, 2, 1]);
  });

  it('when the database stalls, then a promise of a collection or of a cursor fails with a network timeout instead of waiting', async () => {
    const things = withOperationDeadline(client.db(testDb.dbName), 300).collection('things');
    proxy.setMode('stall');
    try {
      await expect(things.findOne({})).rejects.toBeInstanceOf(MongoNetworkTimeoutError);
      await expect(things.insertOne({ n: 4 })).rejects.toBeInstanceOf(MongoNetworkTimeoutError);
      await expect(things.find({}).sort({ n: 1 }).toArray()).rejects.toBeInstanceOf(
        MongoNetworkTimeoutError,
      );
    } finally {
      proxy.setMode('pass');
    }
  });
});
