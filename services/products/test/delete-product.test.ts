import type { Express } from 'express';
import { ObjectId, type Collection, type Document } from 'mongodb';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { buildApp, createProduct, listProducts, storedProducts, uniqueName } from './support.js';

let app: Express;
let raw: Collection<Document>;
const testDb = useTestDatabase('products_delete');

beforeAll(() => {
  app = buildApp(testDb.db);
  raw = storedProducts(testDb.db);
});

describe('DELETE /products/:id', () => {
  it('when the product exists, then it answers 204 with an empty body and the list is one item shorter', async () => {
    const id = await createProduct(app, { modelName: uniqueName('Doomed') });
    const before = await listProducts(app);

    const response = await request(app).delete(`/products/${id}`);

    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(response.headers['content-length'] ?? '0').toBe('0');
    const after = await listProducts(app);
    expect(after).toHaveLength(before.length - 1);
    expect(after.map((product) => product.id)).not.toContain(id);
    expect((await request(app).get(`/products/${id}`)).status).toBe(404);
    expect(await raw.findOne({ _id: new ObjectId(id) })).toBeNull();
  });

  it('when the same id is deleted a second time, then it answers 404 with the not-found body', async () => {
    const id = await createProduct(app, { modelName: uniqueName('Twice') });
    expect((await request(app).delete(`/products/${id}`)).status).toBe(204);

    const response = await request(app).delete(`/products/${id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `Not found: no product with id of ${id}` });
  });

  it('when no product has the id, then it answers 404 and deletes nothing', async () => {
    await createProduct(app, { modelName: uniqueName('Survivor') });
    const before = await raw.countDocuments();
    const id = new ObjectId().toHexString();

    const response = await request(app).delete(`/products/${id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `Not found: no product with id of ${id}` });
    expect(await raw.countDocuments()).toBe(before);
  });

  it('when the id is malformed, then it answers 404 with the not-found body, never a 500', async () => {
    const response = await request(app).delete('/products/xyz');

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found: no product with id of xyz' });
  });
});
