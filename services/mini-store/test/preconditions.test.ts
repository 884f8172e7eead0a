import type { Express } from 'express';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRECONDITION_FAILED_MESSAGE } from '@repo/common';
import { describePreconditions, type ConditionalResource } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { PRODUCTS_COLLECTION } from '../src/data/products-repository.js';
import { VERSION_CHANGE_MESSAGE } from '../src/http/product-schemas.js';
import { buildApp, readStored, uniqueName, unknownId } from './support.js';

const testDb = useTestDatabase('mini_store_preconditions');
let app: Express;
beforeAll(() => {
  app = buildApp(testDb.db);
});

function productAt(id: string): ConditionalResource {
  return {
    read: () => request(app).get(`/products/${id}`),
    change: (step) => request(app).patch(`/products/${id}`).send({ quantity: step }),
    remove: () => request(app).delete(`/products/${id}`),
  };
}

async function createProduct(): Promise<string> {
  const created = await request(app)
    .post('/products')
    .send({ name: uniqueName('tagged') });
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

describePreconditions('GET, PATCH and DELETE /products/{id}', {
  create: async () => productAt(await createProduct()),
  missing: () => productAt(unknownId()),
  missingStatus: { change: 404, remove: 404 },
  expectPreconditionFailed(response) {
    expect(response.body).toEqual({ error: PRECONDITION_FAILED_MESSAGE });
  },
});

describe('product versions', () => {
  it('when a product was stored without a version, then it is at version 0 and a PATCH holding "0" moves it to 1', async () => {
    const { insertedId } = await testDb.db
      .collection(PRODUCTS_COLLECTION)
      .insertOne({ name: uniqueName('legacy') });
    const id = insertedId.toHexString();
    expect((await request(app).get(`/products/${id}`)).headers.etag).toBe('"0"');

    const patched = await request(app)
      .patch(`/products/${id}`)
      .set('If-Match', '"0"')
      .send({ colour: 'green' });
    expect(patched.status).toBe(200);
    const read = await request(app).get(`/products/${id}`);
    expect(read.headers.etag).toBe('"1"');
    expect(read.body).toEqual({ _id: id, name: expect.any(String), colour: 'green' });
    expect((await readStored(testDb.db, id))?._version).toBe(1);
  });

  it('when a PATCH sends the version field, then 400 and nothing is written, since the service keeps it', async () => {
    const id = await createProduct();
    const refused = await request(app).patch(`/products/${id}`).send({ _version: 0, name: 'x' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: VERSION_CHANGE_MESSAGE });
    expect((await readStored(testDb.db, id))?.name).not.toBe('x');
  });

  it('when an empty PATCH carries a stale ETag, then 412; with the current one, 200 and the ETag stays', async () => {
    const id = await createProduct();
    expect(
      (await request(app).patch(`/products/${id}`).set('If-Match', '"5"').send({})).status,
    ).toBe(412);
    expect(
      (await request(app).patch(`/products/${id}`).set('If-Match', '"0"').send({})).status,
    ).toBe(200);
    expect((await request(app).get(`/products/${id}`)).headers.etag).toBe('"0"');
    expect(ObjectId.isValid(id)).toBe(true);
  });
});
