import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PRECONDITION_FAILED_MESSAGE } from '@repo/common';
import { describePreconditions, type ConditionalResource } from '@repo/common/testing';
import { createProduct, uniqueName, useProductsApp } from './support.js';

const products = useProductsApp('products_preconditions');

function productAt(id: string): ConditionalResource {
  return {
    read: () => request(products.app).get(`/products/${id}`),
    change: (step) => request(products.app).patch(`/products/${id}`).send({ quantity: step }),
    remove: () => request(products.app).delete(`/products/${id}`),
  };
}

describePreconditions('GET, PATCH and DELETE /products/{id}', {
  async create() {
    return productAt(await createProduct(products.app, { modelName: uniqueName('tagged') }));
  },
  missing: () => productAt(new ObjectId().toHexString()),
  missingStatus: { change: 404, remove: 404 },
  expectPreconditionFailed(response) {
    expect(response.body).toEqual({ error: PRECONDITION_FAILED_MESSAGE });
  },
});

describe('product versions', () => {
  it('when a product was stored without a version, then it is at version 0 and its first write moves it to 1', async () => {
    const { insertedId } = await products.raw.insertOne({ modelName: uniqueName('legacy') });
    const id = insertedId.toHexString();
    const read = await request(products.app).get(`/products/${id}`);
    expect(read.headers.etag).toBe('"0"');

    const patched = await request(products.app)
      .patch(`/products/${id}`)
      .set('If-Match', '"0"')
      .send({ color: 'green' });
    expect(patched.status).toBe(200);
    expect(patched.headers.etag).toBe('"1"');
    expect(patched.body).not.toHaveProperty('_version');
    expect((await products.raw.findOne({ _id: insertedId }))?._version).toBe(1);
  });

  it('when an order takes stock, then the product ETag changes, so a PATCH holding the old one is refused', async () => {
    const id = await createProduct(products.app, { modelName: uniqueName('stocked'), quantity: 5 });
    const before = String((await request(products.app).get(`/products/${id}`)).headers.etag);
    const placed = await request(products.app)
      .post('/customers/cust_1/orders')
      .send({ items: [{ productId: id, quantity: 2 }] });
    expect(placed.status).toBe(201);

    const after = await request(products.app).get(`/products/${id}`);
    expect(after.body.quantity).toBe(3);
    expect(after.headers.etag).not.toBe(before);
    const stale = await request(products.app)
      .patch(`/products/${id}`)
      .set('If-Match', before)
      .send({ quantity: 10 });
    expect(stale.status).toBe(412);
  });

  it('when a PATCH with a stale ETag also breaks the price rule, then nothing is written either way', async () => {
    const id = await createProduct(products.app, { modelName: uniqueName('both'), price: -1 });
    const answer = await request(products.app)
      .patch(`/products/${id}`)
      .set('If-Match', '"7"')
      .send({ color: 'red' });
    expect(answer.status).toBe(412);
    expect((await request(products.app).get(`/products/${id}`)).body.color).toBe('');
  });

  it('when a PATCH with a stale ETag also sends a negative price, then 412 comes first; with the current one, 400', async () => {
    const id = await createProduct(products.app, { modelName: uniqueName('negative') });
    const send = (ifMatch: string) =>
      request(products.app).patch(`/products/${id}`).set('If-Match', ifMatch).send({ price: -5 });
    expect((await send('"4"')).status).toBe(412);
    expect((await send('"0"')).body).toEqual({ error: 'price cannot be negative' });
  });
});
