import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { MongoClient, ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  AS_CUSTOMER,
  AS_STAFF,
  REJECTED_AUTHORIZATION,
  TOKEN_ERROR_BODY,
  addMenuItem,
  buildApp,
  countOrdersOf,
  uniqueName,
} from './support.js';

const testDb = useTestDatabase('orders_place');

describe('POST /orders: success', () => {
  it('when the body is valid and the customer token is sent, then it answers 201 with the pending order and stores it', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: ['olives', 'basil', 'garlic'] });
    const placedAt = new Date('2026-03-04T05:06:07.089Z');
    const app = buildApp(testDb.db, { clock: () => placedAt });
    const customerName = uniqueName('Ada');
    const menuItemId = pizza._id.toHexString();

    const res = await request(app)
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .send({
        customerName,
        items: [
          { menuItemId, toppings: ['olives', 'basil'] },
          { menuItemId, toppings: [] },
        ],
      });

    expect(res.status).toBe(201);
    // The test item: one size `regular` at 1000 cents, each topping 100 cents, no crust.
    const line = { menuItemId, size: 'regular', crust: null, quantity: 1 };
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      customerName,
      items: [
        { ...line, toppings: ['olives', 'basil'], unitPrice: 1200, lineTotal: 1200 },
        { ...line, toppings: [], unitPrice: 1000, lineTotal: 1000 },
      ],
      total: 2200,
      status: 'pending',
      createdAt: '2026-03-04T05:06:07.089Z',
    });
    const stored = await testDb.db
      .collection('orders')
      .findOne({ _id: new ObjectId(res.body.id as string) });
    expect(stored?.customerName).toBe(customerName);
    expect(stored?.status).toBe('pending');
    expect(stored?.createdAt).toBeInstanceOf(Date);
    expect((stored?.createdAt as Date).toISOString()).toBe('2026-03-04T05:06:07.089Z');
  });

  it('when no clock is given, then createdAt is the current time as ISO 8601 UTC text', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: [] });
    const before = Date.now();

    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .send({ customerName: uniqueName('Bo'), items: [{ menuItemId: pizza._id.toHexString() }] });

    const after = Date.now();
    expect(res.status).toBe(201);
    const createdAt = res.body.createdAt as string;
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(createdAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(createdAt)).toBeLessThanOrEqual(after);
  });

  it('when an item has no toppings key, then it counts as no toppings and is returned with toppings []', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: [] });
    const menuItemId = pizza._id.toHexString();

    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .send({ customerName: uniqueName('Cy'), items: [{ menuItemId }] });

    expect(res.status).toBe(201);
    expect(res.body.items).toEqual([
      {
        menuItemId,
        size: 'regular',
        crust: null,
        toppings: [],
        quantity: 1,
        unitPrice: 1000,
        lineTotal: 1000,
      },
    ]);
  });

  it('when the body carries extra keys (id, status, createdAt, item extras), then they are ignored', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: ['basil'] });
    const menuItemId = pizza._id.toHexString();
    const customerName = uniqueName('Di');

    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .send({
        customerName,
        id: 'chosen-by-client',
        status: 'completed',
        createdAt: '1999-01-01T00:00:00.000Z',
        total: 1,
        items: [{ menuItemId, toppings: ['basil'], unitPrice: 1, lineTotal: 1, name: 'free' }],
      });

    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe('chosen-by-client');
    expect(res.body.status).toBe('pending');
    expect(res.body.createdAt).not.toBe('1999-01-01T00:00:00.000Z');
    expect(res.body.total).toBe(1100);
    expect(res.body.items).toEqual([
      {
        menuItemId,
        size: 'regular',
        crust: null,
        toppings: ['basil'],
        quantity: 1,
        unitPrice: 1100,
        lineTotal: 1100,
      },
    ]);
  });

  it('when two orders are placed, then they get different ids', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: [] });
    const body = {
      customerName: uniqueName('Ed'),
      items: [{ menuItemId: pizza._id.toHexString() }],
    };
    const app = buildApp(testDb.db);

    const [first, second] = await Promise.all([
      request(app).post('/orders').set('Authorization', AS_CUSTOMER).send(body),
      request(app).post('/orders').set('Authorization', AS_CUSTOMER).send(body),
    ]);

    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.id).not.toBe(second.body.id);
    expect(await countOrdersOf(testDb.db, body.customerName)).toBe(2);
  });

  it('when the app is rebuilt over a new connection (restart), then a placed order is still there', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: ['basil'] });
    const placed = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .send({
        customerName: uniqueName('Flo'),
        items: [{ menuItemId: pizza._id.toHexString(), toppings: ['basil'] }],
      });
    expect(placed.status).toBe(201);

    const secondClient = new MongoClient(testDb.uri);
    try {
      await secondClient.connect();
      const restarted = buildApp(secondClient.db(testDb.dbName));
      const res = await request(restarted)
        .get(`/orders/${placed.body.id as string}`)
        .set('Authorization', AS_CUSTOMER);

      expect(res.status).toBe(200);
      expect(res.body).toEqual(placed.body);
    } finally {
      await secondClient.close();
    }
  });
});

describe('POST /orders: authentication (strict bearer, before validation)', () => {
  it.each(REJECTED_AUTHORIZATION)(
    'when the Authorization header is %s, then it answers 401 { Error } and stores nothing',
    async (_case, authorization) => {
      const pizza = await addMenuItem(testDb.db, { toppings: [] });
      const customerName = uniqueName('Rejected');

      const res = await request(buildApp(testDb.db))
        .post('/orders')
        .set('Authorization', authorization)
        .send({ customerName, items: [{ menuItemId: pizza._id.toHexString() }] });

      expect(res.status).toBe(401);
      expect(res.body).toEqual(TOKEN_ERROR_BODY);
      expect(await countOrdersOf(testDb.db, customerName)).toBe(0);
    },
  );

  it('when there is no Authorization header, then it answers 401 { Error } and stores nothing', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: [] });
    const customerName = uniqueName('Anonymous');

    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .send({ customerName, items: [{ menuItemId: pizza._id.toHexString() }] });

    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_ERROR_BODY);
    expect(await countOrdersOf(testDb.db, customerName)).toBe(0);
  });

  it('when the staff token is sent, then it answers 401 (placing orders takes the customer token)', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: [] });
    const customerName = uniqueName('Staff');

    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Authorization', AS_STAFF)
      .send({ customerName, items: [{ menuItemId: pizza._id.toHexString() }] });

    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_ERROR_BODY);
    expect(await countOrdersOf(testDb.db, customerName)).toBe(0);
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer wrong'],
    ['"Bearer" alone', 'Bearer'],
  ])(
    'when the token is bad (%s) and the body is invalid too, then the answer is the 401, not the 400',
    async (_case, authorization) => {
      const req = request(buildApp(testDb.db)).post('/orders');
      if (authorization !== undefined) req.set('Authorization', authorization);

      const res = await req.send({ customerName: 42, items: 'none' });

      expect(res.status).toBe(401);
      expect(res.body).toEqual(TOKEN_ERROR_BODY);
    },
  );

  it('when the body is not JSON at all (text) and there is no token, then it answers 401', async () => {
    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Content-Type', 'text/plain')
      .send('one margherita please');

    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_ERROR_BODY);
  });

  it('when the JSON is malformed and there is no token, then the parser runs first (app-wide) and it answers 400 { error }', async () => {
    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Content-Type', 'application/json')
      .send('{"customerName": ');

    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object)).toEqual(['error']);
    expect(typeof res.body.error).toBe('string');
  });
});

describe('POST /orders: validation (every problem at once, nothing stored)', () => {
  async function postAsCustomer(body: unknown) {
    return request(buildApp(testDb.db))
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(body));
  }

  it('when several things are wrong, then one 400 lists every problem in order and nothing is stored', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: ['basil'] });
    const id = pizza._id.toHexString();
    const unknownId = new ObjectId().toHexString();
    const body = {
      customerName: '',
      items: [
        { menuItemId: 7 },
        'margherita',
        { menuItemId: unknownId, toppings: ['basil'] },
        { menuItemId: id, toppings: 'basil' },
        { menuItemId: id, toppings: ['basil', 3, 'pineapple', 'anchovies'] },
        null,
      ],
    };

    const res = await postAsCustomer(body);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        'customerName must be a non-empty string',
        'items[0].menuItemId must be a string',
        'items[1] must be an object with a menuItemId',
        `${unknownId} is not on the menu`,
        'items[3].toppings must be an array of strings',
        'items[4].toppings[1] must be a string',
        `pineapple is not offered on ${pizza.name}.`,
        `anchovies is not offered on ${pizza.name}.`,
        'items[5] must be an object with a menuItemId',
      ],
    });
    expect(
      await testDb.db.collection('orders').countDocuments({ 'items.menuItemId': pizza._id }),
    ).toBe(0);
  });

  it('when the menuItemId is a valid id that is not on the menu, then the problem is "<menuItemId> is not on the menu"', async () => {
    const customerName = uniqueName('Gil');
    const unknownId = new ObjectId().toHexString();

    const res = await postAsCustomer({ customerName, items: [{ menuItemId: unknownId }] });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [`${unknownId} is not on the menu`] });
    expect(await countOrdersOf(testDb.db, customerName)).toBe(0);
  });

  it.each([
    ['a word', 'margherita'],
    ['an empty string', ''],
    ['12 characters', 'abcdefghijkl'],
  ])(
    'when the menuItemId is not id text (%s), then it is simply "<menuItemId> is not on the menu"',
    async (_case, menuItemId) => {
      const customerName = uniqueName('Hal');

      const res = await postAsCustomer({ customerName, items: [{ menuItemId }] });

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [`${menuItemId} is not on the menu`] });
      expect(await countOrdersOf(testDb.db, customerName)).toBe(0);
    },
  );

  it('when the menuItemId is a real id in uppercase, then it is not on the menu (ids match exactly)', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: [] });
    const upper = pizza._id.toHexString().toUpperCase();

    const res = await postAsCustomer({
      customerName: uniqueName('Ivy'),
      items: [{ menuItemId: upper }],
    });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [`${upper} is not on the menu`] });
  });

  it('when a topping is not offered, then the problem is "<topping> is not offered on <menu item name>." and nothing is stored', async () => {
    const pizza = await addMenuItem(testDb.db, { toppings: ['basil', 'olives'] });
    const customerName = uniqueName('Jo');

    const res = await postAsCustomer({
      customerName,
      items: [{ menuItemId: pizza._id.toHexString(), toppings: ['olives', 'Basil', 'pineapple'] }],
    });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        `Basil is not offered on ${pizza.name}.`,
        `pineapple is not offered on ${pizza.name}.`,
      ],
    });
    expect(await countOrdersOf(testDb.db, customerName)).toBe(0);
  });

  it('when several items each have menu problems, then every one is reported with its own menu item name', async () => {
    const plain = await addMenuItem(testDb.db, { toppings: [] });
    const fancy = await addMenuItem(testDb.db, { toppings: ['truffle'] });
    const unknownId = new ObjectId().toHexString();
    const customerName = uniqueName('Kai');

    const res = await postAsCustomer({
      customerName,
      items: [
        { menuItemId: plain._id.toHexString(), toppings: ['truffle'] },
        { menuItemId: fancy._id.toHexString(), toppings: ['truffle', 'gold leaf'] },
        { menuItemId: unknownId },
        { menuItemId: 'nope', toppings: ['ham'] },
      ],
    });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        `truffle is not offered on ${plain.name}.`,
        `gold leaf is not offered on ${fancy.name}.`,
        `${unknownId} is not on the menu`,
        'nope is not on the menu',
      ],
    });
    expect(await countOrdersOf(testDb.db, customerName)).toBe(0);
  });

  it.each([
    ['missing', {}],
    ['a number', { customerName: 12 }],
    ['an empty string', { customerName: '' }],
    ['only spaces', { customerName: '   ' }],
    ['null', { customerName: null }],
  ])(
    'when customerName is %s, then the problem "customerName must be a non-empty string" is reported',
    async (_case, namePart) => {
      const pizza = await addMenuItem(testDb.db, { toppings: [] });

      const res = await postAsCustomer({
        ...namePart,
        items: [{ menuItemId: pizza._id.toHexString() }],
      });

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: ['customerName must be a non-empty string'] });
      expect(
        await testDb.db.collection('orders').countDocuments({ 'items.menuItemId': pizza._id }),
      ).toBe(0);
    },
  );

  it.each([
    ['missing', {}],
    ['an empty array', { items: [] }],
    ['an object', { items: { menuItemId: 'x' } }],
    ['a string', { items: 'pizza' }],
  ])(
    'when items is %s, then the problem "items must be a non-empty array" is reported',
    async (_case, itemsPart) => {
      const customerName = uniqueName('Lu');

      const res = await postAsCustomer({ customerName, ...itemsPart });

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: ['items must be a non-empty array'] });
      expect(await countOrdersOf(testDb.db, customerName)).toBe(0);
    },
  );

  it('when both customerName and items are missing, then both problems come in one response', async () => {
    const res = await postAsCustomer({});

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: ['customerName must be a non-empty string', 'items must be a non-empty array'],
    });
  });

  it('when the body is a JSON array, then the problem names the expected JSON object', async () => {
    const res = await postAsCustomer([{ customerName: 'x', items: [] }]);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'request body must be a JSON object' });
  });

  it('when the body is not JSON (text/plain), then 415 naming JSON in Accept-Post', async () => {
    const res = await request(buildApp(testDb.db))
      .post('/orders')
      .set('Authorization', AS_CUSTOMER)
      .set('Content-Type', 'text/plain')
      .send('one margherita please');

    expect(res.status).toBe(415);
    expect(res.headers['accept-post']).toBe('application/json');
    expect(res.body).toEqual({ error: 'Content-Type must be application/json' });
  });
});
