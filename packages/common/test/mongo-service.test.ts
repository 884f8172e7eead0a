import type { Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { silentLogger } from '@repo/common';
import { connectMongo, connectWithMongo } from '@repo/common/mongo';

const logger = silentLogger();
const testDb = useTestDatabase('common_connect');

/** The configuration of a service whose database is this file's test database. */
function testDbConfig() {
  return { MONGODB_URI: testDb.uri, MONGODB_DB: testDb.dbName };
}

describe('connectMongo against a server', () => {
  it('when the server answers, then the client is connected and can run commands', async () => {
    const client = await connectMongo(testDb.uri, { attempts: 1 });
    try {
      await expect(client.db('admin').command({ ping: 1 })).resolves.toMatchObject({ ok: 1 });
    } finally {
      await client.close();
    }
  });
});

describe('connectWithMongo', () => {
  it('when the dependencies are built, then they get the configured database and readiness follows the client', async () => {
    const config = testDbConfig();
    let received: Db | undefined;
    const connected = await connectWithMongo(config, logger, (db) => {
      received = db;
      return { things: db.collection('things') };
    });
    expect(received?.databaseName).toBe(config.MONGODB_DB);
    await connected.deps.things.insertOne({ name: 'first' });
    expect(await connected.deps.things.countDocuments({ name: 'first' })).toBe(1);
    await expect(connected.isReady?.()).resolves.toBe(true);

    await connected.close?.();
    await expect(received?.command({ ping: 1 })).rejects.toThrow();
  });

  it('when building the dependencies fails, then the error comes through and the client is closed', async () => {
    let received: Db | undefined;
    const failure = await connectWithMongo(testDbConfig(), logger, (db) => {
      received = db;
      throw new Error('seeding failed');
    }).catch((error: unknown) => error);
    expect(failure).toEqual(new Error('seeding failed'));
    await expect(received?.command({ ping: 1 })).rejects.toThrow();
  });
});
