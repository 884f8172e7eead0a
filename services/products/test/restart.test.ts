import { MongoClient } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runService, type RunningService } from '@repo/common';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { loadConfig } from '../src/config.js';
import { service } from '../src/service.js';
import { buildApp, uniqueName } from './support.js';

const testDb = useTestDatabase('products_restart');

/** The whole service (connect, then listen) on a free port, over this file's database. */
function runOverTestDatabase(): Promise<RunningService> {
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    MONGODB_URI: testDb.uri,
    MONGODB_DB: testDb.dbName,
  });
  return runService({ ...service, ownsProcess: false, loadConfig: () => config });
}

describe('persistence', () => {
  it('when the app is rebuilt over a fresh client to the same database, then created, patched and deleted products read back as left', async () => {
    const firstClient = new MongoClient(testDb.uri);
    const first = buildApp(firstClient.db(testDb.dbName));
    const kept = await request(first)
      .post('/products')
      .send({ modelName: uniqueName('kept'), price: 4, quantity: 2 });
    const removed = await request(first)
      .post('/products')
      .send({ modelName: uniqueName('gone') });
    const keptId = (kept.body as { id: string }).id;
    const removedId = (removed.body as { id: string }).id;
    expect((await request(first).patch(`/products/${keptId}`).send({ color: 'teal' })).status).toBe(
      200,
    );
    expect((await request(first).delete(`/products/${removedId}`)).status).toBe(204);
    await firstClient.close();

    const secondClient = new MongoClient(testDb.uri);
    try {
      const second = buildApp(secondClient.db(testDb.dbName));
      const response = await request(second).get(`/products/${keptId}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: keptId, price: 4, quantity: 2, color: 'teal' });
      expect((await request(second).get(`/products/${removedId}`)).status).toBe(404);
    } finally {
      await secondClient.close();
    }
  });

  it('when the whole service is stopped and started again, then the products it stored are still served', async () => {
    const modelName = uniqueName('survives restart');

    const firstRun = await runOverTestDatabase();
    let id: string;
    try {
      const created = await request(firstRun.url).post('/products').send({ modelName });
      expect(created.status).toBe(201);
      id = (created.body as { id: string }).id;
    } finally {
      await firstRun.stop();
    }

    const secondRun = await runOverTestDatabase();
    try {
      const response = await request(secondRun.url).get(`/products/${id}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id, modelName });
      expect((await request(secondRun.url).get('/readyz')).status).toBe(200);
    } finally {
      await secondRun.stop();
    }
  });

  it('when the whole service is stopped and started again, then a keyed POST sent before is replayed, not created again', async () => {
    const key = uniqueName('restart-key');
    const body = { modelName: uniqueName('keyed before restart') };

    const firstRun = await runOverTestDatabase();
    let first: request.Response;
    try {
      first = await request(firstRun.url).post('/products').set('Idempotency-Key', key).send(body);
      expect(first.status).toBe(201);
    } finally {
      await firstRun.stop();
    }

    const secondRun = await runOverTestDatabase();
    try {
      const again = await request(secondRun.url)
        .post('/products')
        .set('Idempotency-Key', key)
        .send(body);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.text).toBe(first.text);
      expect(
        await testDb.db.collection('products').countDocuments({ modelName: body.modelName }),
      ).toBe(1);
    } finally {
      await secondRun.stop();
    }
  });
});
