import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  AS_CUSTOMER,
  AS_STAFF,
  REJECTED_AUTHORIZATION,
  STAFF_TOKEN,
  TOKEN_ERROR_BODY,
  buildApp,
  placeValidOrder,
  type PlacedOrder,
} from './support.js';

const testDb = useTestDatabase('orders_status');

const STATUS_PROBLEM = 'status must be one of pending, in-progress, completed';

function disallowed(id: string, from: string, to: string): { error: string } {
  return {
    error: `Order ${id} is ${from} and cannot move to ${to}; orders move only forward: pending -> in-progress -> completed`,
  };
}

async function storedStatus(id: string): Promise<unknown> {
  const order = await testDb.db.collection('orders').findOne({ _id: new ObjectId(id) });
  return order?.status;
}

function patchStatus(id: string, body: unknown, authorization = AS_STAFF) {
  return request(buildApp(testDb.db))
    .patch(`/orders/${id}`)
    .set('Authorization', authorization)
    .send(body as object);
}

/** An order moved (over HTTP, by staff) into `status`. */
async function orderIn(status: 'pending' | 'in-progress' | 'completed'): Promise<PlacedOrder> {
  const order = await placeValidOrder(buildApp(testDb.db), testDb.db);
  const path = ['in-progress', 'completed'].slice(
    0,
    ['pending', 'in-progress', 'completed'].indexOf(status),
  );
  for (const next of path) {
    const res = await patchStatus(order.id, { status: next });
    if (res.status !== 200) throw new Error(`moving to ${next} failed: ${res.status}`);
  }
  return { ...order, status };
}

describe('GET /orders/:id', () => {
  it('when the order exists and the customer token is sent, then it answers 200 with the order', async () => {
    const order = await placeValidOrder(buildApp(testDb.db), testDb.db);

    const res = await request(buildApp(testDb.db))
      .get(`/orders/${order.id}`)
      .set('Authorization', AS_CUSTOMER);

    expect(res.status).toBe(200);
    expect(res.body).toEqual(order);
  });

  it('when no order has the id, then it answers 404 { error: "Order <id> not found" }', async () => {
    const id = new ObjectId().toHexString();

    const res = await request(buildApp(testDb.db))
      .get(`/orders/${id}`)
      .set('Authorization', AS_CUSTOMER);

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `Order ${id} not found` });
  });

  it.each([['order-1'], ['abcdefghijkl'], ['A'.repeat(24)]])(
    'when the id is malformed (%s), then it answers 404, not 500',
    async (id) => {
      const res = await request(buildApp(testDb.db))
        .get(`/orders/${id}`)
        .set('Authorization', AS_CUSTOMER);

      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: `Order ${id} not found` });
    },
  );

  it.each([...REJECTED_AUTHORIZATION, ['the staff token', AS_STAFF] as [string, string]])(
    'when the Authorization header is %s, then it answers 401 { Error }',
    async (_case, authorization) => {
      const order = await placeValidOrder(buildApp(testDb.db), testDb.db);

      const res = await request(buildApp(testDb.db))
        .get(`/orders/${order.id}`)
        .set('Authorization', authorization);

      expect(res.status).toBe(401);
      expect(res.body).toEqual(TOKEN_ERROR_BODY);
    },
  );

  it('when there is no Authorization header, then it answers 401 even for an unknown id', async () => {
    const res = await request(buildApp(testDb.db)).get(`/orders/${new ObjectId().toHexString()}`);

    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_ERROR_BODY);
  });
});

describe('PATCH /orders/:id: allowed moves', () => {
  it('when a pending order is moved to in-progress by staff, then it answers 200 with the order in-progress', async () => {
    const order = await orderIn('pending');

    const res = await patchStatus(order.id, { status: 'in-progress' });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...order, status: 'in-progress' });
    expect(await storedStatus(order.id)).toBe('in-progress');
  });

  it('when an in-progress order is moved to completed, then it answers 200 with the order completed', async () => {
    const order = await orderIn('in-progress');

    const res = await patchStatus(order.id, { status: 'completed' });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...order, status: 'completed' });
    expect(await storedStatus(order.id)).toBe('completed');
  });

  it('when the body has other keys besides status, then only the status changes', async () => {
    const order = await orderIn('pending');

    const res = await patchStatus(order.id, {
      status: 'in-progress',
      customerName: 'Someone else',
      createdAt: '2000-01-01T00:00:00.000Z',
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...order, status: 'in-progress' });
  });

  it('when an order was moved, then GET /orders/:id shows the new status', async () => {
    const order = await orderIn('in-progress');

    const res = await request(buildApp(testDb.db))
      .get(`/orders/${order.id}`)
      .set('Authorization', AS_CUSTOMER);

    expect(res.body.status).toBe('in-progress');
  });
});

describe('PATCH /orders/:id: refused moves change nothing', () => {
  it.each([
    ['pending', 'completed', 'skipping a step'],
    ['pending', 'pending', 'to the same status'],
    ['in-progress', 'pending', 'backwards'],
    ['in-progress', 'in-progress', 'to the same status'],
    ['completed', 'in-progress', 'backwards'],
    ['completed', 'pending', 'backwards two steps'],
    ['completed', 'completed', 'to the same status'],
  ] as const)(
    'when a %s order is moved to %s (%s), then it answers 409 { error } and the status stays',
    async (from, to, _why) => {
      const order = await orderIn(from);

      const res = await patchStatus(order.id, { status: to });

      expect(res.status).toBe(409);
      expect(res.body).toEqual(disallowed(order.id, from, to));
      expect(await storedStatus(order.id)).toBe(from);
    },
  );

  it.each([
    ['an unknown status text', { status: 'cancelled' }],
    ['a status in another case', { status: 'Completed' }],
    ['no status', {}],
    ['a number', { status: 2 }],
    ['null', { status: null }],
  ])(
    'when the body has %s, then it answers 400 { errors } and the status stays',
    async (_case, body) => {
      const order = await orderIn('pending');

      const res = await patchStatus(order.id, body);

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [STATUS_PROBLEM] });
      expect(await storedStatus(order.id)).toBe('pending');
    },
  );

  it('when the body is a JSON array, then it answers 400 { error } naming the JSON object it wants', async () => {
    const order = await orderIn('pending');

    const res = await patchStatus(order.id, [{ status: 'in-progress' }]);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'request body must be a JSON object' });
    expect(await storedStatus(order.id)).toBe('pending');
  });

  it('when no order has the id, then it answers 404 { error }', async () => {
    const id = new ObjectId().toHexString();

    const res = await patchStatus(id, { status: 'in-progress' });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `Order ${id} not found` });
  });

  it('when no order has the id and the target is pending, then it answers 404, not 409', async () => {
    const id = new ObjectId().toHexString();

    const res = await patchStatus(id, { status: 'pending' });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `Order ${id} not found` });
  });

  it('when the id is malformed, then it answers 404, not 500', async () => {
    const res = await patchStatus('not-an-id', { status: 'in-progress' });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Order not-an-id not found' });
  });

  it('when the id is malformed and the status unknown, then the body check comes first: 400', async () => {
    const res = await patchStatus('not-an-id', { status: 'lost' });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [STATUS_PROBLEM] });
  });
});

describe('PATCH /orders/:id: staff token only', () => {
  it.each([
    ...REJECTED_AUTHORIZATION,
    ['the customer token', AS_CUSTOMER] as [string, string],
    ['the staff token with another scheme', `Token ${STAFF_TOKEN}`] as [string, string],
    ['the staff token after two spaces', `Bearer  ${STAFF_TOKEN}`] as [string, string],
  ])(
    'when the Authorization header is %s, then it answers 401 { Error } and the status stays',
    async (_case, authorization) => {
      const order = await orderIn('pending');

      const res = await patchStatus(order.id, { status: 'in-progress' }, authorization);

      expect(res.status).toBe(401);
      expect(res.body).toEqual(TOKEN_ERROR_BODY);
      expect(await storedStatus(order.id)).toBe('pending');
    },
  );

  it('when the token is missing and the body is invalid, then the answer is the 401, not the 400', async () => {
    const order = await orderIn('pending');

    const res = await request(buildApp(testDb.db))
      .patch(`/orders/${order.id}`)
      .send({ status: 'lost' });

    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_ERROR_BODY);
  });
});

describe('PATCH /orders/:id: racing moves', () => {
  it('when two identical moves race, then exactly one answers 200 and the other 409', async () => {
    const order = await orderIn('pending');
    const app = buildApp(testDb.db);
    const move = () =>
      request(app)
        .patch(`/orders/${order.id}`)
        .set('Authorization', AS_STAFF)
        .send({ status: 'in-progress' });

    const results = await Promise.all([move(), move()]);

    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const refused = results.find((res) => res.status === 409);
    expect(refused?.body).toEqual(disallowed(order.id, 'in-progress', 'in-progress'));
    expect(await storedStatus(order.id)).toBe('in-progress');
  });

  it('when ten identical moves race on each of five orders, then exactly one per order succeeds', async () => {
    const orders = await Promise.all(Array.from({ length: 5 }, () => orderIn('in-progress')));
    const app = buildApp(testDb.db);

    const results = await Promise.all(
      orders.flatMap((order) =>
        Array.from({ length: 10 }, () =>
          request(app)
            .patch(`/orders/${order.id}`)
            .set('Authorization', AS_STAFF)
            .send({ status: 'completed' })
            .then((res) => ({ id: order.id, status: res.status })),
        ),
      ),
    );

    for (const order of orders) {
      const statuses = results.filter((result) => result.id === order.id).map((r) => r.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(9);
      expect(await storedStatus(order.id)).toBe('completed');
    }
  });
});
