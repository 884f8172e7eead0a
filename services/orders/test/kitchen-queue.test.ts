import { useTestDatabase } from '@repo/embedded-mongo/testing';
import type { Express } from 'express';
import { ObjectId, type Db } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../src/domain/order.js';
import {
  createOrdersRepository,
  ORDERS_COLLECTION,
  queueQuery,
} from '../src/data/orders-repository.js';
import {
  AS_CUSTOMER,
  AS_STAFF,
  buildApp,
  placeValidOrder,
  TOKEN_ERROR_BODY,
  type PlacedOrder,
} from './support.js';

const testDb = useTestDatabase('orders_queue');

/** A shop over a database of its own, so each test sees only its own orders. */
async function emptyShop(): Promise<{ db: Db; app: Express }> {
  const db = testDb.client.db(`${testDb.dbName}_${new ObjectId().toHexString()}`);
  await createOrdersRepository(db).ensureIndexes();
  return { db, app: buildApp(db) };
}

/** Places `count` orders one after another, so their ids (and ages) are in that order. */
async function placeInTurn(app: Express, db: Db, count: number): Promise<PlacedOrder[]> {
  const placed: PlacedOrder[] = [];
  for (let i = 0; i < count; i += 1) placed.push(await placeValidOrder(app, db));
  return placed;
}

function queue(app: Express, query = '') {
  return request(app).get(`/orders${query}`).set('Authorization', AS_STAFF);
}

const idsOf = (body: unknown): string[] => (body as { id: string }[]).map((order) => order.id);

/** The path and query of a `Link: <...>; rel="next"` header. */
function nextOf(link: string | undefined): string {
  const match = /^<([^>]+)>; rel="next"$/.exec(link ?? '');
  if (match?.[1] === undefined) throw new Error(`no next link in ${String(link)}`);
  return match[1];
}

describe("GET /orders (the kitchen's queue)", () => {
  it('when staff ask for the queue, then every order is listed oldest first with no Link', async () => {
    const { db, app } = await emptyShop();
    const placed = await placeInTurn(app, db, 3);

    const res = await queue(app);

    expect(res.status).toBe(200);
    expect(res.body).toEqual(placed);
    expect(res.headers.link).toBeUndefined();
    await db.dropDatabase();
  });

  it('when staff filter by ?status=, then only the orders in that status come back, oldest first', async () => {
    const { db, app } = await emptyShop();
    const [first, second, third, fourth] = await placeInTurn(app, db, 4);
    for (const order of [second, fourth]) {
      await request(app)
        .patch(`/orders/${order?.id ?? ''}`)
        .set('Authorization', AS_STAFF)
        .send({ status: 'in-progress' });
    }

    const pending = await queue(app, '?status=pending');
    const started = await queue(app, '?status=in-progress');
    const done = await queue(app, '?status=completed');

    expect(idsOf(pending.body)).toEqual([first?.id, third?.id]);
    expect(idsOf(started.body)).toEqual([second?.id, fourth?.id]);
    expect(done.body).toEqual([]);
    await db.dropDatabase();
  });

  it('when the queue is longer than ?limit, then pages follow the Link header to the end, each order once, in order', async () => {
    const { db, app } = await emptyShop();
    const placed = await placeInTurn(app, db, 7);

    const seen: string[] = [];
    let res = await queue(app, '?status=pending&limit=3');
    const pageSizes = [(res.body as unknown[]).length];
    seen.push(...idsOf(res.body));
    while (res.headers.link !== undefined) {
      const next = nextOf(res.headers.link);
      expect(next).toMatch(/^\/orders\?status=pending&limit=3&after=/);
      res = await request(app).get(next).set('Authorization', AS_STAFF);
      expect(res.status).toBe(200);
      pageSizes.push((res.body as unknown[]).length);
      seen.push(...idsOf(res.body));
    }

    expect(pageSizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(placed.map((order) => order.id));
    await db.dropDatabase();
  });

  it('when orders arrive while the kitchen pages, then the next page starts where the last one ended', async () => {
    const { db, app } = await emptyShop();
    const placed = await placeInTurn(app, db, 3);
    const firstPage = await queue(app, '?limit=2');
    const arrived = await placeValidOrder(app, db);

    const secondPage = await request(app)
      .get(nextOf(firstPage.headers.link))
      .set('Authorization', AS_STAFF);

    expect(idsOf(secondPage.body)).toEqual([placed[2]?.id, arrived.id]);
    await db.dropDatabase();
  });

  it('when no limit is given, then a page holds 20 orders', async () => {
    const { db, app } = await emptyShop();
    await placeInTurn(app, db, 21);

    const res = await queue(app);

    expect(res.body).toHaveLength(20);
    expect(res.headers.link).toMatch(/rel="next"$/);
    await db.dropDatabase();
  });

  it.each([
    [
      'an unknown status',
      '?status=cancelled',
      'status must be one of pending, in-progress, completed',
    ],
    ['limit 0', '?limit=0', 'limit Too small: expected number to be >=1'],
    ['limit 101', '?limit=101', 'limit Too big: expected number to be <=100'],
    ['a limit that is no number', '?limit=ten', 'limit must be a whole number'],
    ['a cursor it never gave out', '?after=bm9wZQ', 'after is not a cursor this service gave out'],
  ])(
    'when the query holds %s, then it answers 400 { errors } naming it',
    async (_case, query, problem) => {
      const res = await queue(buildApp(testDb.db), query);

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [problem] });
    },
  );

  it.each([
    ['no token', undefined],
    ['the customer token', AS_CUSTOMER],
    ['a wrong token', 'Bearer nope'],
  ])('when the request carries %s, then it answers 401 { Error }', async (_case, auth) => {
    const call = request(buildApp(testDb.db)).get('/orders');

    const res = await (auth === undefined ? call : call.set('Authorization', auth));

    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_ERROR_BODY);
  });

  it.each([
    ['one status', { status: 'pending' as const, limit: 21 }],
    [
      'one status, after a cursor',
      { status: 'pending' as const, after: new ObjectId(), limit: 21 },
    ],
  ])(
    'when a page of %s is read, then explain shows the status_oldest_first index, not a collection scan',
    async (_case, page) => {
      const { db } = await emptyShop();
      const { filter, options } = queueQuery(page);

      const explain = await db
        .collection<OrderRecord>(ORDERS_COLLECTION)
        .find(filter, options)
        .explain();
      const plan = JSON.stringify(explain['queryPlanner']);

      expect(plan).toContain('"IXSCAN"');
      expect(plan).toContain('status_oldest_first');
      expect(plan).not.toContain('COLLSCAN');
      expect(plan).not.toContain('"SORT"');
      await db.dropDatabase();
    },
  );
});
