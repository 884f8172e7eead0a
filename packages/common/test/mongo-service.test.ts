import type { Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { testMongoUri } from '@repo/embedded-mongo/testing';
import { connectMongo, connectWithMongo, silentLogger } from '@repo/common';

const logger = silentLogger();

function configFor(database: string) {
  return { MONGODB_URI: testMongoUri(), MONGODB_DB: `${database}_${process.pid}_${Date.now()}` };
}

describe('connectMongo against a server', () => {
  it('when the server answers, then the client is connected and can run commands', async () => {
    const client = await connectMongo(testMongoUri(), { attempts: 1 });
    try {
      await expect(client.db('admin').command({ ping: 1 })).resolves.toMatchObject({ ok: 1 });
    } finally {
      await client.close();
    }
  });
});

describe('connectWithMongo', () => {
  it('when the dependencies are built, then they get the configured database and readiness follows the client', async () => {
    const config = configFor('common_start');
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
    const failure = await connectWithMongo(configFor('common_fail'), logger, (db) => {
      received = db;
      throw new Error('seeding failed');
    }).catch((error: unknown) => error);
    expect(failure).toEqual(new Error('seeding failed'));
    await expect(received?.command({ ping: 1 })).rejects.toThrow();
  });
});
