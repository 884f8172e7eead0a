import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createProduct, listProducts, uniqueName, useProductsApp } from './support.js';

const products = useProductsApp('products_delete');

describe('DELETE /products/:id', () => {
  it('when the product exists, then it answers 204 with an empty body and the list is one item shorter', async () => {
    const id = await createProduct(products.app, { modelName: uniqueName('Doomed') });
    const before = await listProducts(products.app);

    const response = await request(products.app).delete(`/products/${id}`);

    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(response.headers['content-length'] ?? '0').toBe('0');
    const after = await listProducts(products.app);
    expect(after).toHaveLength(before.length - 1);
    expect(after.map((product) => product.id)).not.toContain(id);
    expect((await request(products.app).get(`/products/${id}`)).status).toBe(404);
    expect(await products.raw.findOne({ _id: new ObjectId(id) })).toBeNull();
  });

  it('when the same id is deleted a second time, then it answers 404 with the not-found body', async () => {
    const id = await createProduct(products.app, { modelName: uniqueName('Twice') });
    expect((await request(products.app).delete(`/products/${id}`)).status).toBe(204);

    const response = await request(products.app).delete(`/products/${id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `Not found: no product with id of ${id}` });
  });

  it('when no product has the id, then it answers 404 and deletes nothing', async () => {
    await createProduct(products.app, { modelName: uniqueName('Survivor') });
    const before = await products.raw.countDocuments();
    const id = new ObjectId().toHexString();

    const response = await request(products.app).delete(`/products/${id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `Not found: no product with id of ${id}` });
    expect(await products.raw.countDocuments()).toBe(before);
  });

  it('when the id is malformed, then it answers 404 with the not-found body, never a 500', async () => {
    const response = await request(products.app).delete('/products/xyz');

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found: no product with id of xyz' });
  });
});
