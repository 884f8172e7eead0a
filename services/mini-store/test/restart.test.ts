import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { MongoClient } from 'mongodb';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { buildApp, uniqueName } from './support.js';

const testDb = useTestDatabase('mini_store_restart');

describe('restart keeps data', () => {
  it('when a second app with its own client opens the same database, then it reads back what the first wrote', async () => {
    const first = buildApp(testDb.db);
    const name = uniqueName('persisted');
    const created = await request(first)
      .post('/products')
      .send({ name, price: 4.25, quantity: 12 })
      .expect(201);
    const { id } = created.body as { id: string };
    await request(first).patch(`/products/${id}`).send({ colour: 'green' }).expect(200);

    const secondClient = new MongoClient(testDb.uri);
    try {
      await secondClient.connect();
      const second = buildApp(secondClient.db(testDb.dbName));
      const response = await request(second).get(`/products/${id}`).expect(200);
      expect(response.body).toEqual({ _id: id, name, price: 4.25, quantity: 12, colour: 'green' });
      const list = await request(second).get('/products').expect(200);
      expect(list.body).toContainEqual(response.body);
    } finally {
      await secondClient.close();
    }
  });
});
