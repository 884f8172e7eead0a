import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createProduct, readProduct, useProductsApp } from './support.js';

interface OrderBody {
  id: string;
  customerId: string;
  items: { productId: string; quantity: number; price: number; modelName: unknown }[];
  total: number;
  status: string;
  createdAt: string;
  updatedAt: string;
}

describe('customers’ orders', () => {
  const t = useProductsApp('orders');

  async function product(quantity: number, price = 2.5, modelName = 'Widget'): Promise<string> {
    return createProduct(t.app, { modelName, price, quantity });
  }

  async function place(customer: string, items: object[]): Promise<string> {
    const response = await request(t.app).post(`/customers/${customer}/orders`).send({ items });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body as object)).toEqual(['id']);
    return (response.body as { id: string }).id;
  }

  async function readOrder(id: string): Promise<OrderBody> {
    const response = await request(t.app).get(`/orders/${id}`);
    expect(response.status).toBe(200);
    return response.body as OrderBody;
  }

  it('when an order is placed, then it answers 201 with the id, copies price and name, and takes the stock', async () => {
    const a = await product(10, 2.5, 'Widget');
    const b = await product(3, 0.1, 'Gadget');
    const id = await place('cust_1', [
      { productId: a, quantity: 2 },
      { productId: b, quantity: 3, extra: 'dropped' },
    ]);
    const order = await readOrder(id);
    expect(order).toEqual({
      id,
      customerId: 'cust_1',
      items: [
        { productId: a, quantity: 2, price: 2.5, modelName: 'Widget' },
        { productId: b, quantity: 3, price: 0.1, modelName: 'Gadget' },
      ],
      total: 5.3,
      status: 'pending',
      createdAt: order.createdAt,
      updatedAt: order.createdAt,
    });
    expect((await readProduct(t.app, a)).quantity).toBe(8);
    expect((await readProduct(t.app, b)).quantity).toBe(0);
  });

  it('when one product is short, then the order is refused whole with 409 naming every short product and nothing changes', async () => {
    const plenty = await product(5);
    const short1 = await product(1);
    const short2 = await product(0);
    const response = await request(t.app)
      .post('/customers/cust_2/orders')
      .send({
        items: [
          { productId: plenty, quantity: 2 },
          { productId: short1, quantity: 2 },
          { productId: short2, quantity: 1 },
        ],
      });
    expect(response.status).toBe(409);
    expect((response.body as { productIds: string[] }).productIds).toEqual([short1, short2]);
    expect((response.body as { error: string }).error).toContain(short1);
    expect((await readProduct(t.app, plenty)).quantity).toBe(5);
    expect((await readProduct(t.app, short1)).quantity).toBe(1);
    const list = await request(t.app).get('/customers/cust_2/orders');
    expect(list.body).toEqual([]);
    expect(await t.testDb.db.collection('orders').countDocuments({ customerId: 'cust_2' })).toBe(0);
  });

  it('when a product does not exist or has no numeric price, then the order is refused with 422 naming it', async () => {
    const missing = '0123456789abcdef01234567';
    const unpriced = await createProduct(t.app, { price: 'free', quantity: 5 });
    const response = await request(t.app)
      .post('/customers/cust_3/orders')
      .send({ items: [{ productId: missing, quantity: 1 }] });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      error: `no product has the ids: ${missing}`,
      productIds: [missing],
    });
    const second = await request(t.app)
      .post('/customers/cust_3/orders')
      .send({ items: [{ productId: unpriced, quantity: 1 }] });
    expect(second.status).toBe(422);
    expect((await readProduct(t.app, unpriced)).quantity).toBe(5);
  });

  it('when the body is bad in several ways, then 400 lists every problem and nothing is stored', async () => {
    const a = await product(5);
    const response = await request(t.app)
      .post('/customers/cust_4/orders')
      .send({
        items: [
          { productId: a, quantity: 0 },
          { productId: 'xyz', quantity: 1.5 },
          { productId: a, quantity: '2' },
          { productId: a, quantity: 1e12 },
        ],
      });
    expect(response.status).toBe(400);
    const message = (response.body as { error: string }).error;
    expect(message).toContain('items[0].quantity');
    expect(message).toContain('items[1].productId');
    expect(message).toContain('items[1].quantity');
    expect(message).toContain('items[2].quantity');
    expect(message).toContain('items[3].quantity');
    for (const body of [{}, { items: [] }, [], 'text', { items: 'no' }]) {
      const refused = await request(t.app)
        .post('/customers/cust_4/orders')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
      expect(refused.status).toBe(400);
    }
    const duplicate = await request(t.app)
      .post('/customers/cust_4/orders')
      .send({
        items: [
          { productId: a, quantity: 1 },
          { productId: a, quantity: 1 },
        ],
      });
    expect(duplicate.status).toBe(400);
    expect((duplicate.body as { error: string }).error).toContain('items[1].productId');
    const malformed = await request(t.app)
      .post('/customers/cust_4/orders')
      .set('Content-Type', 'application/json')
      .send('{"items": [');
    expect(malformed.status).toBe(400);
    expect((await readProduct(t.app, a)).quantity).toBe(5);
    expect(await t.testDb.db.collection('orders').countDocuments({ customerId: 'cust_4' })).toBe(0);
  });

  it('when the customer id is not 1–64 characters of A-Za-z0-9_-, then the request is a 400', async () => {
    for (const customer of ['a.b', 'x'.repeat(65), 'sp%20ace', '%ZZ']) {
      const list = await request(t.app).get(`/customers/${customer}/orders`);
      expect(list.status).toBe(400);
      const post = await request(t.app).post(`/customers/${customer}/orders`).send({ items: [] });
      expect(post.status).toBe(400);
    }
  });

  it('when a customer has orders, then they are listed newest first, filtered by status and paged with a stable cursor', async () => {
    const a = await product(100);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await place('cust_list', [{ productId: a, quantity: 1 }]));
    await request(t.app).patch(`/orders/${ids[1]}`).send({ status: 'cancelled' }).expect(200);
    const first = await request(t.app).get('/customers/cust_list/orders?limit=2');
    expect(first.status).toBe(200);
    expect((first.body as OrderBody[]).map((o) => o.id)).toEqual([ids[4], ids[3]]);
    const link = first.headers['link'] as string;
    expect(link).toMatch(/^<\/customers\/cust_list\/orders\?limit=2&after=[\w-]+>; rel="next"$/);
    // An order placed meanwhile does not move the next page.
    await place('cust_list', [{ productId: a, quantity: 1 }]);
    const next = await request(t.app).get(/<([^<>]+)>/.exec(link)?.[1] ?? '');
    expect((next.body as OrderBody[]).map((o) => o.id)).toEqual([ids[2], ids[1]]);
    const cancelled = await request(t.app).get('/customers/cust_list/orders?status=cancelled');
    expect((cancelled.body as OrderBody[]).map((o) => o.id)).toEqual([ids[1]]);
    const none = await request(t.app).get('/customers/nobody/orders');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers['link']).toBeUndefined();
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'status=lost', 'after=nonsense']) {
      expect((await request(t.app).get(`/customers/cust_list/orders?${query}`)).status).toBe(400);
    }
  });

  it('when an order moves pending → shipped → delivered, then each move answers 200 and others are 409 naming both states', async () => {
    const a = await product(5);
    const id = await place('cust_5', [{ productId: a, quantity: 2 }]);
    const shipped = await request(t.app).patch(`/orders/${id}`).send({ status: 'shipped' });
    expect(shipped.status).toBe(200);
    expect((shipped.body as OrderBody).status).toBe('shipped');
    const back = await request(t.app).patch(`/orders/${id}`).send({ status: 'pending' });
    expect(back.status).toBe(409);
    expect(back.body).toEqual({ error: 'an order cannot move from shipped to pending' });
    const cancel = await request(t.app).patch(`/orders/${id}`).send({ status: 'cancelled' });
    expect(cancel.status).toBe(409);
    const items = await request(t.app)
      .patch(`/orders/${id}`)
      .send({ items: [{ productId: a, quantity: 1 }] });
    expect(items.status).toBe(409);
    await request(t.app).patch(`/orders/${id}`).send({ status: 'delivered' }).expect(200);
    await request(t.app).delete(`/orders/${id}`).expect(204);
    // A shipped or delivered order's stock is never given back.
    expect((await readProduct(t.app, a)).quantity).toBe(3);
  });

  it('when a pending order is cancelled or deleted, then its stock goes back once', async () => {
    const a = await product(5);
    const cancelled = await place('cust_6', [{ productId: a, quantity: 2 }]);
    const deleted = await place('cust_6', [{ productId: a, quantity: 3 }]);
    expect((await readProduct(t.app, a)).quantity).toBe(0);
    await request(t.app).patch(`/orders/${cancelled}`).send({ status: 'cancelled' }).expect(200);
    await request(t.app).patch(`/orders/${cancelled}`).send({ status: 'cancelled' }).expect(200);
    await request(t.app).delete(`/orders/${cancelled}`).expect(204);
    expect((await readProduct(t.app, a)).quantity).toBe(2);
    await request(t.app).delete(`/orders/${deleted}`).expect(204);
    await request(t.app).delete(`/orders/${deleted}`).expect(404);
    expect((await readProduct(t.app, a)).quantity).toBe(5);
  });

  it("when a pending order's items change, then stock moves by the difference and a shortage changes nothing", async () => {
    const a = await product(5, 1);
    const b = await product(2, 3);
    const id = await place('cust_7', [{ productId: a, quantity: 2 }]);
    const changed = await request(t.app)
      .patch(`/orders/${id}`)
      .send({
        items: [
          { productId: a, quantity: 1 },
          { productId: b, quantity: 2 },
        ],
      });
    expect(changed.status).toBe(200);
    expect((changed.body as OrderBody).total).toBe(7);
    expect((await readProduct(t.app, a)).quantity).toBe(4);
    expect((await readProduct(t.app, b)).quantity).toBe(0);
    const tooMany = await request(t.app)
      .patch(`/orders/${id}`)
      .send({
        items: [
          { productId: a, quantity: 6 },
          { productId: b, quantity: 3 },
        ],
      });
    expect(tooMany.status).toBe(409);
    expect((tooMany.body as { productIds: string[] }).productIds).toEqual([a, b]);
    expect((await readOrder(id)).items.map((i) => i.quantity)).toEqual([1, 2]);
    expect((await readProduct(t.app, a)).quantity).toBe(4);
    expect((await readProduct(t.app, b)).quantity).toBe(0);
  });

  it('when an order id is unknown or malformed, then GET, PATCH and DELETE answer the products-style 404', async () => {
    for (const id of ['0123456789abcdef01234567', 'nope', '%ZZ']) {
      const get = await request(t.app).get(`/orders/${id}`);
      expect(get.status).toBe(404);
      expect(get.body).toEqual({ error: `Not found: no order with id of ${id}` });
      expect((await request(t.app).patch(`/orders/${id}`).send({ status: 'shipped' })).status).toBe(
        404,
      );
      expect((await request(t.app).delete(`/orders/${id}`)).status).toBe(404);
    }
  });

  it('when a product that pending orders reference is deleted, then the orders keep their copied price and name', async () => {
    const a = await product(5, 4, 'Lamp');
    const id = await place('cust_8', [{ productId: a, quantity: 1 }]);
    await request(t.app).delete(`/products/${a}`).expect(204);
    expect((await readOrder(id)).items[0]).toEqual({
      productId: a,
      quantity: 1,
      price: 4,
      modelName: 'Lamp',
    });
    await request(t.app).patch(`/orders/${id}`).send({ status: 'cancelled' }).expect(200);
  });
});
