import type { Db } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testMongoUri } from '@repo/embedded-mongo/testing';
import { connectMongo, createHttpApp, silentLogger, startWithMongo } from '@repo/common';

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

describe('startWithMongo', () => {
  it('when the app is built, then it gets the configured database and readiness follows the client', async () => {
    const config = configFor('common_start');
    let received: Db | undefined;
    const parts = await startWithMongo(config, logger, (db) => {
      received = db;
      const app = createHttpApp({ logger });
      app.get('/db', (_req, res) => {
        res.json({ name: db.databaseName });
      });
      return app;
    });
    expect(received?.databaseName).toBe(config.MONGODB_DB);
    await request(parts.app).get('/db').expect(200, { name: config.MONGODB_DB });
    await expect(parts.isReady?.()).resolves.toBe(true);

    await parts.close?.();
    await expect(received?.command({ ping: 1 })).rejects.toThrow();
  });

  it('when building the app fails, then the error comes through and the client is closed', async () => {
    let received: Db | undefined;
    const failure = await startWithMongo(configFor('common_fail'), logger, (db) => {
      received = db;
      throw new Error('seeding failed');
    }).catch((error: unknown) => error);
    expect(failure).toEqual(new Error('seeding failed'));
    await expect(received?.command({ ping: 1 })).rejects.toThrow();
  });
});
