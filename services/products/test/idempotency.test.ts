import type { Db } from 'mongodb';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS } from '@repo/common';
import { createMongoIdempotencyStore } from '@repo/common/mongo';
import { describeIdempotentPost } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { createOrdersRepository, ORDERS_COLLECTION } from '../src/data/orders-repository.js';
import { createProductsRepository } from '../src/data/products-repository.js';
import { buildApp, createProduct, storedProducts, uniqueName } from './support.js';

const testDb = useTestDatabase('products_idempotency');

const keyStore = () =>
  createMongoIdempotencyStore(testDb.db, { ttlSeconds: DEFAULT_IDEMPOTENCY_TTL_SECONDS });
const broken = (): Promise<never> => Promise.reject(new Error('write refused by the test'));

describeIdempotentPost('POST /products', {
  app: (idempotency) => buildApp(testDb.db, { idempotency }),
  failingApp: (idempotency) =>
    buildApp(testDb.db, {
      idempotency,
      products: { ...createProductsRepository(testDb.db), create: broken },
    }),
  store: keyStore,
  caller: { path: '/products' },
  body: () => ({ modelName: uniqueName('keyed'), price: 2, quantity: 1 }),
  count: () => storedProducts(testDb.db).countDocuments(),
});

/** A product with plenty of stock that every order below takes from. */
let productId = '';
let quantity = 0;
beforeAll(async () => {
  productId = await createProduct(buildApp(testDb.db), {
    modelName: uniqueName('stocked'),
    price: 3,
    quantity: 100_000,
  });
});

const orders = (db: Db) => db.collection(ORDERS_COLLECTION);

describeIdempotentPost('POST /customers/{customerId}/orders', {
  app: (idempotency) => buildApp(testDb.db, { idempotency }),
  failingApp: (idempotency) =>
    buildApp(testDb.db, {
      idempotency,
      orders: { ...createOrdersRepository(testDb.db), insert: broken },
    }),
  store: keyStore,
  caller: { path: '/customers/cust_a/orders' },
  otherCaller: { path: '/customers/cust_b/orders' },
  body: () => {
    quantity = (quantity % 3) + 1;
    return { items: [{ productId, quantity }] };
  },
  count: () => orders(testDb.db).countDocuments(),
});

describe('a replayed order and the stock', () => {
  it('when the same keyed order is sent three times, then its stock is taken once', async () => {
    const app = buildApp(testDb.db);
    const id = await createProduct(app, { modelName: uniqueName('once'), price: 1, quantity: 10 });
    const send = () =>
      request(app)
        .post('/customers/cust_stock/orders')
        .set('Idempotency-Key', `stock-${id}`)
        .send({ items: [{ productId: id, quantity: 4 }] });
    const answers = [await send(), await send(), await send()];
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    const product = await request(app).get(`/products/${id}`);
    expect((product.body as { quantity: number }).quantity).toBe(6);
    expect(await orders(testDb.db).countDocuments({ customerId: 'cust_stock' })).toBe(1);
  });

  it('when a keyed order is refused for short stock (409), then the refusal is replayed and stock is untouched', async () => {
    const app = buildApp(testDb.db);
    const id = await createProduct(app, { modelName: uniqueName('short'), price: 1, quantity: 1 });
    const send = () =>
      request(app)
        .post('/customers/cust_short/orders')
        .set('Idempotency-Key', `short-${id}`)
        .send({ items: [{ productId: id, quantity: 5 }] });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([409, 409]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
  });
});
