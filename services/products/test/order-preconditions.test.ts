import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PRECONDITION_FAILED_MESSAGE } from '@repo/common';
import { describePreconditions, type ConditionalResource } from '@repo/common/testing';
import { createProduct, uniqueName, useProductsApp } from './support.js';

const products = useProductsApp('products_order_preconditions');

/** The status each change moves an order to. */
const MOVES = ['shipped', 'delivered'] as const;

function orderAt(id: string): ConditionalResource {
  return {
    read: () => request(products.app).get(`/orders/${id}`),
    change: (step) => request(products.app).patch(`/orders/${id}`).send({ status: MOVES[step] }),
    remove: () => request(products.app).delete(`/orders/${id}`),
  };
}

async function placeOrder(quantity = 1): Promise<{ orderId: string; productId: string }> {
  const productId = await createProduct(products.app, {
    modelName: uniqueName('ordered'),
    price: 2,
    quantity: 10,
  });
  const placed = await request(products.app)
    .post(`/customers/cust_${randomSuffix()}/orders`)
    .send({ items: [{ productId, quantity }] });
  expect(placed.status).toBe(201);
  return { orderId: (placed.body as { id: string }).id, productId };
}

function randomSuffix(): string {
  return new ObjectId().toHexString();
}

describePreconditions('GET, PATCH and DELETE /orders/{id}', {
  create: async () => orderAt((await placeOrder()).orderId),
  missing: () => orderAt(new ObjectId().toHexString()),
  missingStatus: { change: 404, remove: 404 },
  expectPreconditionFailed(response) {
    expect(response.body).toEqual({ error: PRECONDITION_FAILED_MESSAGE });
  },
});

describe('order versions', () => {
  it('when a pending order changes its items, then the PATCH answers the ETag a read gives next', async () => {
    const { orderId, productId } = await placeOrder(1);
    expect((await orderAt(orderId).read()).headers.etag).toBe('"0"');
    const changed = await request(products.app)
      .patch(`/orders/${orderId}`)
      .set('If-Match', '"0"')
      .send({ items: [{ productId, quantity: 3 }] });
    expect(changed.status).toBe(200);
    const read = await orderAt(orderId).read();
    expect(read.body.items[0].quantity).toBe(3);
    expect(changed.headers.etag).toBe(read.headers.etag);
    expect(read.headers.etag).not.toBe('"0"');
  });

  it('when a cancel is sent with the current ETag, then the stock goes back and the answer holds the next ETag', async () => {
    const { orderId, productId } = await placeOrder(4);
    const cancelled = await request(products.app)
      .patch(`/orders/${orderId}`)
      .set('If-Match', '"0"')
      .send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers.etag).toBe((await orderAt(orderId).read()).headers.etag);
    expect((await request(products.app).get(`/products/${productId}`)).body.quantity).toBe(10);
  });

  it('when a stale DELETE of a pending order is refused, then its stock stays taken', async () => {
    const { orderId, productId } = await placeOrder(2);
    expect((await orderAt(orderId).change(0)).status).toBe(200);
    expect((await orderAt(orderId).remove().set('If-Match', '"0"')).status).toBe(412);
    expect((await request(products.app).get(`/products/${productId}`)).body.quantity).toBe(8);
    expect((await orderAt(orderId).read()).status).toBe(200);
  });
});
