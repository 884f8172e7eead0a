import { MongoClient } from 'mongodb';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService, silentLogger } from '@repo/common';
import { openTestDatabase, type TestDatabase } from '@repo/embedded-mongo/testing';
import { createApp } from '../src/app.js';
import { loadProductsConfig } from '../src/config.js';
import { productsService } from '../src/service.js';
import { uniqueName } from './helpers.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await openTestDatabase('products');
});
afterAll(async () => {
  await testDb.close();
});

describe('persistence', () => {
  it('when the app is rebuilt over a fresh client to the same database, then created, patched and deleted products read back as left', async () => {
    const firstClient = new MongoClient(testDb.uri);
    const first = createApp({ db: firstClient.db(testDb.dbName), logger: silentLogger() });
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
      const second = createApp({ db: secondClient.db(testDb.dbName), logger: silentLogger() });
      const response = await request(second).get(`/products/${keptId}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: keptId, price: 4, quantity: 2, color: 'teal' });
      expect((await request(second).get(`/products/${removedId}`)).status).toBe(404);
    } finally {
      await secondClient.close();
    }
  });

  it('when the whole service is stopped and started again, then the products it stored are still served', async () => {
    const config = () =>
      loadProductsConfig({
        PORT: '0',
        LOG_LEVEL: 'silent',
        MONGODB_URI: testDb.uri,
        MONGODB_DB: testDb.dbName,
      });
    const modelName = uniqueName('survives restart');

    const firstRun = await runService({ ...productsService(config), ownsProcess: false });
    let id: string;
    try {
      const created = await request(firstRun.url).post('/products').send({ modelName });
      expect(created.status).toBe(201);
      id = (created.body as { id: string }).id;
    } finally {
      await firstRun.stop();
    }

    const secondRun = await runService({ ...productsService(config), ownsProcess: false });
    try {
      const response = await request(secondRun.url).get(`/products/${id}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id, modelName });
      expect((await request(secondRun.url).get('/readyz')).status).toBe(200);
    } finally {
      await secondRun.stop();
    }
  });
});
