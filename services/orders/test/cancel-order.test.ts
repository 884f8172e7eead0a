import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AS_CUSTOMER, AS_STAFF, buildApp, placeValidOrder, TOKEN_ERROR_BODY } from './support.js';

const testDb = useTestDatabase('orders_cancel');

describe('DELETE /orders/:id (cancel)', () => {
  it('when the order is pending, then it answers 204 and the order is gone from reads and from the queue', async () => {
    const app = buildApp(testDb.db);
    const order = await placeValidOrder(app, testDb.db);

    const res = await request(app).delete(`/orders/${order.id}`).set('Authorization', AS_CUSTOMER);

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const read = await request(app).get(`/orders/${order.id}`).set('Authorization', AS_CUSTOMER);
    expect(read.status).toBe(404);
    const queue = await request(app).get('/orders?limit=100').set('Authorization', AS_STAFF);
    expect((queue.body as { id: string }[]).map((entry) => entry.id)).not.toContain(order.id);
    // Kept only for its events, which end with the cancellation.
    const stored = await testDb.db.collection('orders').findOne({ _id: new ObjectId(order.id) });
    expect(stored?.['cancelledAt']).toBeInstanceOf(Date);
    expect((stored?.['events'] as { type: string }[]).map((event) => event.type)).toEqual([
      'order.placed',
      'order.cancelled',
    ]);
  });

  it('when the order was already cancelled, then a second cancel answers 404', async () => {
    const app = buildApp(testDb.db);
    const order = await placeValidOrder(app, testDb.db);
    await request(app).delete(`/orders/${order.id}`).set('Authorization', AS_CUSTOMER);

    const again = await request(app)
      .delete(`/orders/${order.id}`)
      .set('Authorization', AS_CUSTOMER);

    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: `Order ${order.id} not found` });
  });

  it.each(['in-progress', 'completed'])(
    'when the order is %s, then it answers 409 with the reason and the order stays',
    async (status) => {
      const app = buildApp(testDb.db);
      const order = await placeValidOrder(app, testDb.db);
      await testDb.db
        .collection('orders')
        .updateOne({ _id: new ObjectId(order.id) }, { $set: { status } });

      const res = await request(app)
        .delete(`/orders/${order.id}`)
        .set('Authorization', AS_CUSTOMER);

      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: `Order ${order.id} is ${status} and can no longer be cancelled; only pending orders can`,
      });
      expect(
        await testDb.db.collection('orders').countDocuments({ _id: new ObjectId(order.id) }),
      ).toBe(1);
    },
  );

  it.each([
    ['an unknown id', new ObjectId().toHexString()],
    ['a malformed id', 'not-an-id'],
  ])('when the path holds %s, then it answers 404', async (_case, id) => {
    const res = await request(buildApp(testDb.db))
      .delete(`/orders/${id}`)
      .set('Authorization', AS_CUSTOMER);

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `Order ${id} not found` });
  });

  it.each([
    ['no token', undefined],
    ['the staff token', AS_STAFF],
  ])(
    'when the request carries %s, then it answers 401 and the order stays',
    async (_case, auth) => {
      const app = buildApp(testDb.db);
      const order = await placeValidOrder(app, testDb.db);
      const call = request(app).delete(`/orders/${order.id}`);

      const res = await (auth === undefined ? call : call.set('Authorization', auth));

      expect(res.status).toBe(401);
      expect(res.body).toEqual(TOKEN_ERROR_BODY);
      expect(
        await testDb.db.collection('orders').countDocuments({ _id: new ObjectId(order.id) }),
      ).toBe(1);
    },
  );
});

describe('cancel racing the kitchen', () => {
  it('when a cancel and a move to in-progress race for each of 20 orders, then exactly one of the two wins every time', async () => {
    const app = buildApp(testDb.db);
    const orders = await Promise.all(
      Array.from({ length: 20 }, () => placeValidOrder(app, testDb.db)),
    );

    const outcomes = await Promise.all(
      orders.map(async (order) => {
        const [cancel, move] = await Promise.all([
          request(app).delete(`/orders/${order.id}`).set('Authorization', AS_CUSTOMER),
          request(app)
            .patch(`/orders/${order.id}`)
            .set('Authorization', AS_STAFF)
            .send({ status: 'in-progress' }),
        ]);
        const stored = await testDb.db
          .collection('orders')
          .findOne({ _id: new ObjectId(order.id) });
        const live = stored?.['cancelledAt'] === undefined ? stored : null;
        return { cancel: cancel.status, move: move.status, stored: live?.['status'] ?? null };
      }),
    );

    for (const outcome of outcomes) {
      expect([
        // The cancel came first: the move finds no order.
        { cancel: 204, move: 404, stored: null },
        // The move came first: the cancel finds the kitchen at work.
        { cancel: 409, move: 200, stored: 'in-progress' },
      ]).toContainEqual(outcome);
    }
  });

  it('when ten cancels of one order race, then one answers 204 and the nine others 404', async () => {
    const app = buildApp(testDb.db);
    const order = await placeValidOrder(app, testDb.db);

    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(app).delete(`/orders/${order.id}`).set('Authorization', AS_CUSTOMER),
      ),
    );

    expect(statuses.map((res) => res.status).sort()).toEqual([204, ...Array(9).fill(404)]);
  });
});
