import { MongoClient, type ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createOrdersRepository } from '../src/data/orders-repository.js';
import {
  createProductsRepository,
  type ProductsRepository,
} from '../src/data/products-repository.js';
import { recoverStockJobs } from '../src/domain/recover-stock-jobs.js';
import { buildApp, createProduct, readProduct, useProductsApp } from './support.js';

describe('order stock under concurrency and failures', () => {
  const t = useProductsApp('order_stock');

  it('when 100 orders of 1 race for a product with 10, then exactly 10 are placed, 90 get 409 and the stock ends at 0', async () => {
    const id = await createProduct(t.app, { price: 1, quantity: 10 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(t.app)
          .post(`/customers/racer_${i}/orders`)
          .send({ items: [{ productId: id, quantity: 1 }] }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    expect((await readProduct(t.app, id)).quantity).toBe(0);
    expect(
      await t.testDb.db
        .collection('orders')
        .countDocuments({ 'items.productId': { $exists: true }, customerId: /^racer_/ }),
    ).toBe(10);
  });

  it('when one order is cancelled by many requests at once, then its stock comes back exactly once', async () => {
    const id = await createProduct(t.app, { price: 1, quantity: 3 });
    const placed = await request(t.app)
      .post('/customers/canceller/orders')
      .send({ items: [{ productId: id, quantity: 3 }] });
    const orderId = (placed.body as { id: string }).id;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? request(t.app).patch(`/orders/${orderId}`).send({ status: 'cancelled' })
          : request(t.app).delete(`/orders/${orderId}`),
      ),
    );
    for (const response of responses) expect([200, 204, 404, 409]).toContain(response.status);
    expect((await readProduct(t.app, id)).quantity).toBe(3);
  });

  /** The real repository, with a failure of the database connection after `takesBeforeFault` takes. */
  function failingAfter(
    products: ProductsRepository,
    client: MongoClient,
    takesBeforeFault: number,
  ): ProductsRepository {
    let takes = 0;
    return {
      ...products,
      async takeStock(id: ObjectId, quantity: number) {
        if (takes === takesBeforeFault) await client.close(true);
        takes += 1;
        return products.takeStock(id, quantity);
      },
    };
  }

  it('when the connection drops after the first of three takes, then recovery leaves no stock taken and no order', async () => {
    const ids = await Promise.all(
      [4, 4, 4].map((quantity) => createProduct(t.app, { price: 2, quantity })),
    );
    const client = await new MongoClient(t.testDb.uri).connect();
    const db = client.db(t.testDb.dbName);
    const app = buildApp(db, {
      products: failingAfter(createProductsRepository(db), client, 1),
      orders: createOrdersRepository(db),
    });
    const response = await request(app)
      .post('/customers/unlucky/orders')
      .send({ items: ids.map((productId) => ({ productId, quantity: 1 })) });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Something went wrong' });
    // The first take happened and the undo could not reach the database.
    expect((await readProduct(t.app, ids[0] as string)).quantity).toBe(3);
    expect(await t.testDb.db.collection('orders').countDocuments({ customerId: 'unlucky' })).toBe(
      1,
    );
    expect((await request(t.app).get('/customers/unlucky/orders')).body).toEqual([]);

    const deps = {
      products: createProductsRepository(t.testDb.db),
      orders: createOrdersRepository(t.testDb.db),
    };
    const soon = new Date(Date.now() + 1000);
    expect(await recoverStockJobs(deps, soon, 0)).toBe(1);
    expect(await recoverStockJobs(deps, soon, 0)).toBe(0);
    for (const id of ids) expect((await readProduct(t.app, id)).quantity).toBe(4);
    expect(await t.testDb.db.collection('orders').countDocuments({ customerId: 'unlucky' })).toBe(
      0,
    );
  });

  it('when a take fails with the database still up, then the request undoes its takes at once', async () => {
    const ids = await Promise.all(
      [5, 5].map((quantity) => createProduct(t.app, { price: 1, quantity })),
    );
    const products = createProductsRepository(t.testDb.db);
    let takes = 0;
    const app = buildApp(t.testDb.db, {
      products: {
        ...products,
        async takeStock(id: ObjectId, quantity: number) {
          takes += 1;
          if (takes === 2) throw new Error('injected failure');
          return products.takeStock(id, quantity);
        },
      },
    });
    const response = await request(app)
      .post('/customers/undone/orders')
      .send({ items: ids.map((productId) => ({ productId, quantity: 2 })) });
    expect(response.status).toBe(500);
    for (const id of ids) expect((await readProduct(t.app, id)).quantity).toBe(5);
    expect(await t.testDb.db.collection('orders').countDocuments({ customerId: 'undone' })).toBe(0);
  });

  it('when a cancel stops after its status was written, then recovery gives the stock back once', async () => {
    const id = await createProduct(t.app, { price: 1, quantity: 2 });
    const placed = await request(t.app)
      .post('/customers/halfway/orders')
      .send({ items: [{ productId: id, quantity: 2 }] });
    const orderId = (placed.body as { id: string }).id;
    const products = createProductsRepository(t.testDb.db);
    const app = buildApp(t.testDb.db, {
      products: {
        ...products,
        giveStock() {
          return Promise.reject(new Error('injected failure'));
        },
      },
    });
    expect(
      (await request(app).patch(`/orders/${orderId}`).send({ status: 'cancelled' })).status,
    ).toBe(500);
    expect((await readProduct(t.app, id)).quantity).toBe(0);
    const deps = { products, orders: createOrdersRepository(t.testDb.db) };
    const soon = new Date(Date.now() + 1000);
    expect(await recoverStockJobs(deps, soon, 0)).toBe(1);
    expect((await readProduct(t.app, id)).quantity).toBe(2);
    const order = await request(t.app).get(`/orders/${orderId}`);
    expect((order.body as { status: string }).status).toBe('cancelled');
  });
});
