import type { Express } from 'express';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRECONDITION_FAILED_MESSAGE } from '@repo/common';
import { describePreconditions, type ConditionalResource } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { ORDERS_COLLECTION } from '../src/data/orders-repository.js';
import { AS_CUSTOMER, AS_STAFF, buildApp, placeValidOrder } from './support.js';

const testDb = useTestDatabase('orders_preconditions');
let app: Express;
beforeAll(() => {
  app = buildApp(testDb.db);
});

/** The status each change moves an order to: orders only move forward. */
const MOVES = ['in-progress', 'completed'] as const;

function orderAt(id: string): ConditionalResource {
  return {
    read: () => request(app).get(`/orders/${id}`).set('Authorization', AS_CUSTOMER),
    change: (step) =>
      request(app)
        .patch(`/orders/${id}`)
        .set('Authorization', AS_STAFF)
        .send({ status: MOVES[step] }),
    remove: () => request(app).delete(`/orders/${id}`).set('Authorization', AS_CUSTOMER),
  };
}

describePreconditions('GET, PATCH and DELETE /orders/{id}', {
  create: async () => orderAt((await placeValidOrder(app, testDb.db)).id),
  missing: () => orderAt(new ObjectId().toHexString()),
  missingStatus: { change: 404, remove: 404 },
  expectPreconditionFailed(response) {
    expect(response.body).toEqual({ error: PRECONDITION_FAILED_MESSAGE });
  },
});

describe('order versions', () => {
  it('when an order is placed, then it is at version 0 until its first move, stored or not', async () => {
    const { id } = await placeValidOrder(app, testDb.db);
    expect((await orderAt(id).read()).headers.etag).toBe('"0"');
    const stored = await testDb.db
      .collection(ORDERS_COLLECTION)
      .findOne({ _id: ObjectId.createFromHexString(id) });
    expect(stored).not.toHaveProperty('_version');
    const moved = await orderAt(id).change(0).set('If-Match', '"0"');
    expect(moved.status).toBe(200);
    expect(moved.headers.etag).toBe('"1"');
    expect(moved.body).not.toHaveProperty('_version');
  });

  it('when If-Match is stale and the move is not allowed either, then 412: the precondition is judged first', async () => {
    const { id } = await placeValidOrder(app, testDb.db);
    const refused = await orderAt(id).change(1).set('If-Match', '"3"');
    expect(refused.status).toBe(412);
    const allowed = await orderAt(id).change(1).set('If-Match', '"0"');
    expect(allowed.status).toBe(409);
  });

  it('when a cancel carries a stale ETag of an order that is no longer pending, then 412; with the current one, 409', async () => {
    const { id } = await placeValidOrder(app, testDb.db);
    expect((await orderAt(id).change(0)).status).toBe(200);
    expect((await orderAt(id).remove().set('If-Match', '"0"')).status).toBe(412);
    expect((await orderAt(id).remove().set('If-Match', '"1"')).status).toBe(409);
  });
});
