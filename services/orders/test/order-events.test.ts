import { silentLogger } from '@repo/common';
import { EventStreamClient, useListeningApp } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { ObjectId } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrdersRepository } from '../src/data/orders-repository.js';
import { createOrderStreams } from '../src/events/order-streams.js';
import { move as moveThrough, placeOrder } from './instances.js';
import { AS_CUSTOMER, AS_STAFF, buildApp, TOKEN_ERROR_BODY, uniqueName } from './support.js';

const testDb = useTestDatabase('orders_events');
const server = useListeningApp(() =>
  buildApp(testDb.db, {
    streams: createOrderStreams(createOrdersRepository(testDb.db), silentLogger(), {
      heartbeatMs: 100,
      pollMs: 20,
      settleMs: 100,
      maxStreamMs: 60_000,
    }),
  }),
);

const clients: EventStreamClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

async function open(path: string, headers: Record<string, string>): Promise<EventStreamClient> {
  const client = await EventStreamClient.open(`${server.url}${path}`, headers);
  clients.push(client);
  return client;
}

const place = () => placeOrder(testDb.db, server.url);
const move = (id: string, status: string) => moveThrough(server.url, id, status);

async function cancel(id: string): Promise<void> {
  const response = await fetch(`${server.url}/orders/${id}`, {
    method: 'DELETE',
    headers: { authorization: AS_CUSTOMER },
  });
  expect(response.status).toBe(204);
}

const dataOf = (event: { data: string }) => JSON.parse(event.data) as Record<string, unknown>;
const summary = (event: { event: string; data: string }) => {
  const data = dataOf(event);
  return `${event.event} ${String(data['id'])} ${String(data['status'])}`;
};

describe("a customer's stream of one order", () => {
  it('when it opens, then the order as it is now comes first, one event per change follows, and the stream ends after completed', async () => {
    const order = await place();
    const stream = await open(`/orders/${order.id}/events`, { authorization: AS_CUSTOMER });

    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    const [first] = await stream.received(1);
    expect(first?.event).toBe('order.placed');
    expect(dataOf(first!)).toMatchObject({ ...order, status: 'pending' });
    expect(dataOf(first!)['at']).toEqual(expect.any(String));

    await move(order.id, 'in-progress');
    await move(order.id, 'completed');
    await stream.endOfStream();

    expect(stream.events.map(summary)).toEqual([
      `order.placed ${order.id} pending`,
      `order.status ${order.id} in-progress`,
      `order.status ${order.id} completed`,
    ]);
    expect(new Set(stream.events.map((event) => event.id)).size).toBe(3);
  });

  it('when the order has moved before the stream opens, then the first event is its current state under its latest change', async () => {
    const order = await place();
    await move(order.id, 'in-progress');

    const stream = await open(`/orders/${order.id}/events`, { authorization: AS_CUSTOMER });
    const [first] = await stream.received(1);

    expect(first?.event).toBe('order.status');
    expect(dataOf(first!)).toMatchObject({ ...order, status: 'in-progress' });
  });

  it('when the order is completed already, then the stream sends its state and ends', async () => {
    const order = await place();
    await move(order.id, 'in-progress');
    await move(order.id, 'completed');

    const stream = await open(`/orders/${order.id}/events`, { authorization: AS_CUSTOMER });
    await stream.endOfStream();

    expect(stream.events.map(summary)).toEqual([`order.status ${order.id} completed`]);
  });

  it('when the order is cancelled, then the cancellation ends the stream; a new stream is 404, one resuming before the cancellation gets it', async () => {
    const order = await place();
    const stream = await open(`/orders/${order.id}/events`, { authorization: AS_CUSTOMER });
    const [placed] = await stream.received(1);

    await cancel(order.id);
    await stream.endOfStream();
    expect(stream.events.map(summary)).toEqual([
      `order.placed ${order.id} pending`,
      `order.cancelled ${order.id} cancelled`,
    ]);

    const gone = await open(`/orders/${order.id}/events`, { authorization: AS_CUSTOMER });
    await gone.endOfStream();
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body)).toEqual({ error: `Order ${order.id} not found` });

    const resumed = await open(`/orders/${order.id}/events`, {
      authorization: AS_CUSTOMER,
      'last-event-id': placed!.id!,
    });
    await resumed.endOfStream();
    expect(resumed.events).toEqual([stream.events[1]]);
  });

  it('when it reconnects with Last-Event-ID, then it gets each change it missed once, in order, then the live ones', async () => {
    const order = await place();
    const first = await open(`/orders/${order.id}/events`, { authorization: AS_CUSTOMER });
    const [placed] = await first.received(1);
    first.close();

    await move(order.id, 'in-progress');
    const resumed = await open(`/orders/${order.id}/events`, {
      authorization: AS_CUSTOMER,
      'last-event-id': placed!.id!,
    });
    await resumed.received(1);
    await move(order.id, 'completed');
    await resumed.endOfStream();

    expect(resumed.events.map(summary)).toEqual([
      `order.status ${order.id} in-progress`,
      `order.status ${order.id} completed`,
    ]);
  });

  it('when the id names no order, then 404 as GET /orders/{id} answers it', async () => {
    for (const id of [new ObjectId().toHexString(), 'not-an-id']) {
      const stream = await open(`/orders/${id}/events`, { authorization: AS_CUSTOMER });
      await stream.endOfStream();
      const read = await fetch(`${server.url}/orders/${id}`, {
        headers: { authorization: AS_CUSTOMER },
      });

      expect(stream.status).toBe(404);
      expect(JSON.parse(stream.body)).toEqual(await read.json());
    }
  });

  it.each([
    ['no token', {}],
    ['the staff token', { authorization: AS_STAFF }],
    ['a wrong token', { authorization: 'Bearer nope' }],
  ])('when it carries %s, then 401 with the service error body', async (_case, headers) => {
    const order = await place();
    const stream = await open(`/orders/${order.id}/events`, headers);
    await stream.endOfStream();

    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.body)).toEqual(TOKEN_ERROR_BODY);
  });
});

describe("the kitchen's stream of the shop", () => {
  it('when orders are placed, moved and cancelled, then every event comes once, in the order of the changes, with a comment line while idle', async () => {
    const stream = await open('/orders/events', { authorization: AS_STAFF });
    expect(stream.status).toBe(200);
    const a = await place();
    const b = await place();
    await move(a.id, 'in-progress');
    await cancel(b.id);
    await move(a.id, 'completed');

    await stream.commented(1);
    // It starts a settle window back: the orders of the tests before may come first.
    const ours = () =>
      stream.events.filter((event) => [a.id, b.id].includes(String(dataOf(event)['id'])));
    await stream.until(() => ours().length >= 5, 'the five events of the two orders');

    expect(ours().map(summary)).toEqual([
      `order.placed ${a.id} pending`,
      `order.placed ${b.id} pending`,
      `order.status ${a.id} in-progress`,
      `order.cancelled ${b.id} cancelled`,
      `order.status ${a.id} completed`,
    ]);
    expect(dataOf(ours()[0]!)).toMatchObject({ ...a, status: 'pending' });
    expect(stream.hasEnded).toBe(false);
  });

  it('when a write becomes visible later than its time says, within the settle window, then its event still comes once and before the later ones', async () => {
    const stream = await open('/orders/events', { authorization: AS_STAFF });
    const early = await place();
    await stream.until(
      () => stream.events.some((event) => dataOf(event)['id'] === early.id),
      'the first order',
    );

    // A writer whose write lands 50 ms after the time it stamped (settle window: 100 ms); with
    // no settle window, the stream would have moved past that time and skipped it.
    const late = await createOrdersRepository(testDb.db).create({
      customerName: uniqueName('Late'),
      items: [],
      total: 0,
      status: 'pending',
      createdAt: new Date(Date.now() - 50),
    });
    const next = await place();
    const ids = [early.id, late._id.toHexString(), next.id];
    const ours = () => stream.events.filter((event) => ids.includes(String(dataOf(event)['id'])));
    await stream.until(() => ours().length >= 3, 'the three orders');
    await move(next.id, 'in-progress');
    await stream.until(() => ours().length >= 4, 'the move');

    expect(ours().map(summary)).toEqual([
      `order.placed ${early.id} pending`,
      `order.placed ${late._id.toHexString()} pending`,
      `order.placed ${next.id} pending`,
      `order.status ${next.id} in-progress`,
    ]);
  });

  it('when it reconnects with Last-Event-ID, then it gets every event it missed exactly once, in order, then the live ones', async () => {
    const first = await open('/orders/events', { authorization: AS_STAFF });
    const a = await place();
    await first.until(() => first.events.some((event) => dataOf(event)['id'] === a.id), 'A');
    const placedA = first.events.find((event) => dataOf(event)['id'] === a.id);
    first.close();

    const b = await place();
    await move(a.id, 'in-progress');
    await move(b.id, 'in-progress');
    await move(a.id, 'completed');
    const resumed = await open('/orders/events', {
      authorization: AS_STAFF,
      'last-event-id': placedA!.id!,
    });
    await resumed.received(4);
    await move(b.id, 'completed');
    await resumed.received(5);

    expect(resumed.events.map(summary)).toEqual([
      `order.placed ${b.id} pending`,
      `order.status ${a.id} in-progress`,
      `order.status ${b.id} in-progress`,
      `order.status ${a.id} completed`,
      `order.status ${b.id} completed`,
    ]);
  });

  it('when it is asked with HEAD, then the headers come alone and the answer ends', async () => {
    const response = await fetch(`${server.url}/orders/events`, {
      method: 'HEAD',
      headers: { authorization: AS_STAFF },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it.each([
    ['no token', {}],
    ['the customer token', { authorization: AS_CUSTOMER }],
  ])('when it carries %s, then 401 with the service error body', async (_case, headers) => {
    const stream = await open('/orders/events', headers);
    await stream.endOfStream();

    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.body)).toEqual(TOKEN_ERROR_BODY);
  });
});
