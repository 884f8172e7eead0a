import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createProduct, listProducts, useProductsContext, uniqueName } from './helpers.js';

const ctx = useProductsContext();

describe('DELETE /products/:id', () => {
  it('when the product exists, then it answers 204 with an empty body and the list is one item shorter', async () => {
    const id = await createProduct(ctx.app, { modelName: uniqueName('Doomed') });
    const before = await listProducts(ctx.app);

    const response = await request(ctx.app).delete(`/products/${id}`);

    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(response.headers['content-length'] ?? '0').toBe('0');
    const after = await listProducts(ctx.app);
    expect(after).toHaveLength(before.length - 1);
    expect(after.map((product) => product.id)).not.toContain(id);
    expect((await request(ctx.app).get(`/products/${id}`)).status).toBe(404);
    expect(await ctx.raw.findOne({ _id: new ObjectId(id) })).toBeNull();
  });

  it('when the same id is deleted a second time, then it answers 404 with the not-found body', async () => {
    const id = await createProduct(ctx.app, { modelName: uniqueName('Twice') });
    expect((await request(ctx.app).delete(`/products/${id}`)).status).toBe(204);

    const response = await request(ctx.app).delete(`/products/${id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `Not found: no product with id of ${id}` });
  });

  it('when no product has the id, then it answers 404 and deletes nothing', async () => {
    await createProduct(ctx.app, { modelName: uniqueName('Survivor') });
    const before = await ctx.raw.countDocuments();
    const id = new ObjectId().toHexString();

    const response = await request(ctx.app).delete(`/products/${id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `Not found: no product with id of ${id}` });
    expect(await ctx.raw.countDocuments()).toBe(before);
  });

  it('when the id is malformed, then it answers 404 with the not-found body, never a 500', async () => {
    const response = await request(ctx.app).delete('/products/xyz');

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found: no product with id of xyz' });
  });
});
