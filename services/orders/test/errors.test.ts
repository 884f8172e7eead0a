import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { silentLogger } from '@repo/common';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { AS_CUSTOMER, AS_STAFF, addMenuItem, buildApp, uniqueName } from './support.js';

const testDb = useTestDatabase('orders_errors');

const PAGE_NOT_FOUND = { error: 'This page does not exist.' };
const SERVER_ERROR = { error: 'An error has occurred on our end' };

function parserMessageFor(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} is valid JSON`);
}

describe('malformed JSON', () => {
  it.each([
    ['POST', '/orders', AS_CUSTOMER],
    ['PATCH', '/orders/000000000000000000000001', AS_STAFF],
  ])(
    'when %s %s has a malformed JSON body, then it answers 400 { error: <parser message> }',
    async (method, path, authorization) => {
      const text = '{"customerName": "Ann", items: [}';

      const agent = request(buildApp(testDb.db));
      const res = await (method === 'POST' ? agent.post(path) : agent.patch(path))
        .set('Authorization', authorization)
        .set('Content-Type', 'application/json')
        .send(text);

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: parserMessageFor(text) });
    },
  );

  it('when a JSON body is a bare string (not an object or array), then it answers 400 { error }', async () => {
    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .set('Content-Type', 'application/json')
      .send('"one pizza"');

    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object)).toEqual(['error']);
    expect(res.body.error).toMatch(/JSON/);
  });
});

describe('unmatched paths', () => {
  it.each([
    ['get', '/'],
    ['get', '/pizzas'],
    ['put', '/orders'],
    ['post', '/menu'],
    ['delete', '/orders'],
    ['post', '/orders/000000000000000000000001'],
    ['get', '/menu/000000000000000000000001/toppings'],
    // No route takes OPTIONS, so it is unmatched on every path, those with routes included.
    ['options', '/menu'],
    ['options', '/orders'],
    ['options', '/orders/000000000000000000000001'],
  ] as const)(
    'when %s %s matches no route, then it answers 404 { error: "This page does not exist." }',
    async (method, path) => {
      const agent = request(buildApp(testDb.db));

      const res = await agent[method](path).set('Authorization', AS_CUSTOMER);

      expect(res.status).toBe(404);
      expect(res.body).toEqual(PAGE_NOT_FOUND);
    },
  );
});

describe('body over the limit', () => {
  it('when a POST /orders body exceeds 100kb, then it answers 413 { error } and stores nothing', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: [] });
    const customerName = uniqueName('Big');
    const body = {
      customerName,
      items: [{ menuItemId: pizza._id.toHexString() }],
      note: 'x'.repeat(101 * 1024),
    };

    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .send(body);

    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'request entity too large' });
    expect(await testDb.db.collection('orders').countDocuments({ customerName })).toBe(0);
  });
});

describe('unsupported charset', () => {
  it('when a JSON body declares a charset the parser does not support, then it answers 415 { error }', async () => {
    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{"customerName":"Ann","items":[]}');

    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: expect.stringContaining('charset') });
  });
});

describe('unexpected failures', () => {
  it('when the database is unreachable, then routes answer 500 with the fixed text and the cause is only logged', async () => {
    const closedClient = new MongoClient(testDb.uri);
    await closedClient.connect();
    await closedClient.close();
    const logger = silentLogger();
    const logError = vi.spyOn(logger, 'error');
    const app = buildApp(closedClient.db(testDb.dbName), { logger });

    const menu = await request(app).get('/menu');
    const order = await request(app)
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .send({ customerName: 'Ann', items: [{ menuItemId: '000000000000000000000001' }] });

    for (const res of [menu, order]) {
      expect(res.status).toBe(500);
      expect(res.body).toEqual(SERVER_ERROR);
    }
    expect(logError).toHaveBeenCalledTimes(2);
    const [logged] = logError.mock.calls[0] as unknown as [{ err: Error; url: string }];
    expect(logged.url).toBe('/menu');
    expect(logged.err).toBeInstanceOf(Error);
    expect(logged.err.message.length).toBeGreaterThan(0);
    expect(logged.err.stack).toContain(logged.err.message);
    expect(JSON.stringify(menu.body)).not.toContain(logged.err.message);
  });
});
