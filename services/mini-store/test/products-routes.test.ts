import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { createMemoryIdempotencyStore, silentLogger } from '@repo/common';
import { createApp } from '../src/app.js';
import type { ProductsRepository } from '../src/data/products-repository.js';
import { buildApp, HEX_ID, readStored, uniqueName, unknownId } from './support.js';

const testDb = useTestDatabase('mini_store_routes');
let app: Express;

beforeAll(() => {
  app = buildApp(testDb.db);
});

async function createProduct(body: object): Promise<string> {
  const response = await request(app).post('/products').send(body).expect(201);
  const { id } = response.body as { id: string };
  return id;
}

describe('POST /products', () => {
  it('when name, price and quantity are sent, then 201 with { id } as 24 lowercase hex and the product is stored', async () => {
    const name = uniqueName('lamp');
    const response = await request(app)
      .post('/products')
      .send({ name, price: 19.5, quantity: 3 })
      .expect(201)
      .expect('Content-Type', /application\/json/);
    expect(Object.keys(response.body as object)).toEqual(['id']);
    const { id } = response.body as { id: string };
    expect(id).toMatch(HEX_ID);
    const stored = await readStored(testDb.db, id);
    expect(stored).toMatchObject({ name, price: 19.5, quantity: 3 });
    expect(stored?._id.toHexString()).toBe(id);
  });

  it('when only name is sent, then price and quantity are absent from the stored document (no defaults)', async () => {
    const name = uniqueName('only-name');
    const id = await createProduct({ name });
    const stored = await readStored(testDb.db, id);
    expect(stored === null ? [] : Object.keys(stored).sort()).toEqual(['_id', 'name']);
  });

  it('when other keys (even _id and $-names) are sent, then only name, price and quantity are stored', async () => {
    const name = uniqueName('extra-keys');
    const id = await createProduct({
      name,
      price: 2,
      quantity: 7,
      colour: 'red',
      _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      $where: 'true',
    });
    expect(id).not.toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
    const stored = await readStored(testDb.db, id);
    expect(stored === null ? [] : Object.keys(stored).sort()).toEqual([
      '_id',
      'name',
      'price',
      'quantity',
    ]);
  });

  it('when values have other types than the table shows, then they are stored as sent', async () => {
    const name = uniqueName('loose-types');
    const id = await createProduct({ name, price: '12.00', quantity: null });
    const stored = await readStored(testDb.db, id);
    expect(stored).toMatchObject({ name, price: '12.00', quantity: null });
  });

  it('when the body is an empty object, then 201 and a product with only an _id is stored', async () => {
    const id = await createProduct({});
    const stored = await readStored(testDb.db, id);
    expect(stored === null ? [] : Object.keys(stored)).toEqual(['_id']);
  });
});

describe('GET /products', () => {
  it('when products exist, then 200 with a JSON array holding them in creation order with _id as a string', async () => {
    const names = [uniqueName('list-a'), uniqueName('list-b'), uniqueName('list-c')];
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      ids.push(await createProduct({ name, price: index, quantity: index * 2 }));
    }
    const response = await request(app)
      .get('/products')
      .expect(200)
      .expect('Content-Type', /application\/json/);
    const list = response.body as { _id: unknown; name?: unknown }[];
    expect(Array.isArray(list)).toBe(true);
    for (const product of list) expect(product._id).toMatch(HEX_ID);
    const mine = list.filter((product) => names.includes(String(product.name)));
    expect(mine).toEqual([
      { _id: ids[0], name: names[0], price: 0, quantity: 0 },
      { _id: ids[1], name: names[1], price: 1, quantity: 2 },
      { _id: ids[2], name: names[2], price: 2, quantity: 4 },
    ]);
  });
});

describe('GET /products/:id', () => {
  it('when the product exists, then 200 with the product and its _id as a string', async () => {
    const name = uniqueName('desk');
    const id = await createProduct({ name, price: 120, quantity: 1 });
    const response = await request(app)
      .get(`/products/${id}`)
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(response.body).toEqual({ _id: id, name, price: 120, quantity: 1 });
  });

  it('when the product is asked for with HEAD, then 200 with the JSON headers and no body', async () => {
    const id = await createProduct({ name: uniqueName('lamp'), price: 30, quantity: 2 });
    const response = await request(app).head(`/products/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(response.headers['content-length'])).toBeGreaterThan(0);
    expect(response.text ?? '').toBe('');
  });

  it('when no product has the well-formed id, then 404 with the status text', async () => {
    const response = await request(app).get(`/products/${unknownId()}`).expect(404);
    expect(response.text).toBe('Not Found');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('PATCH /products/:id', () => {
  it('when known fields change, then 200 with the status text and the new values are stored', async () => {
    const name = uniqueName('chair');
    const id = await createProduct({ name, price: 40, quantity: 4 });
    const response = await request(app)
      .patch(`/products/${id}`)
      .send({ price: 35, quantity: 3 })
      .expect(200);
    expect(response.text).toBe('OK');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(await readStored(testDb.db, id)).toMatchObject({ name, price: 35, quantity: 3 });
  });

  it('when keys outside the Product shape and values of any type are sent, then they are stored raw', async () => {
    const name = uniqueName('raw-patch');
    const id = await createProduct({ name, price: 1, quantity: 1 });
    await request(app)
      .patch(`/products/${id}`)
      .send({
        price: 'free',
        quantity: null,
        colour: 'red',
        dimensions: { width: 3, tags: ['a', { deep: true }], _id: 'nested ids are plain fields' },
      })
      .expect(200);
    const stored = await readStored(testDb.db, id);
    expect(stored).toEqual({
      _id: stored?._id,
      name,
      price: 'free',
      quantity: null,
      colour: 'red',
      dimensions: { width: 3, tags: ['a', { deep: true }], _id: 'nested ids are plain fields' },
      _version: 1,
    });
    const response = await request(app).get(`/products/${id}`).expect(200);
    expect(response.body).toMatchObject({ _id: id, colour: 'red', price: 'free' });
  });

  it('when the sent values equal the stored ones, then 200 (the product still counts as found)', async () => {
    const name = uniqueName('unchanged');
    const id = await createProduct({ name, price: 5, quantity: 5 });
    const response = await request(app)
      .patch(`/products/${id}`)
      .send({ name, price: 5, quantity: 5 })
      .expect(200);
    expect(response.text).toBe('OK');
  });

  it('when the body is an empty object, then 200 and the product is unchanged', async () => {
    const name = uniqueName('empty-patch');
    const id = await createProduct({ name, price: 8, quantity: 2 });
    const before = await readStored(testDb.db, id);
    const response = await request(app).patch(`/products/${id}`).send({}).expect(200);
    expect(response.text).toBe('OK');
    expect(await readStored(testDb.db, id)).toEqual(before);
  });

  it('when no product has the well-formed id, then 404 with the status text and nothing is created', async () => {
    const id = unknownId();
    const response = await request(app).patch(`/products/${id}`).send({ price: 1 }).expect(404);
    expect(response.text).toBe('Not Found');
    expect(await readStored(testDb.db, id)).toBeNull();
  });

  it('when the body is empty and no product has the id, then 404', async () => {
    const response = await request(app).patch(`/products/${unknownId()}`).send({}).expect(404);
    expect(response.text).toBe('Not Found');
  });
});

describe('DELETE /products/:id', () => {
  it('when the product exists, then 200 with the status text, and a later GET of that id is 404', async () => {
    const id = await createProduct({ name: uniqueName('bin'), price: 3, quantity: 9 });
    const response = await request(app).delete(`/products/${id}`).expect(200);
    expect(response.text).toBe('OK');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(await readStored(testDb.db, id)).toBeNull();
    const after = await request(app).get(`/products/${id}`).expect(404);
    expect(after.text).toBe('Not Found');
  });

  it('when the same product is deleted twice, then the second DELETE is 404', async () => {
    const id = await createProduct({ name: uniqueName('twice') });
    await request(app).delete(`/products/${id}`).expect(200);
    const response = await request(app).delete(`/products/${id}`).expect(404);
    expect(response.text).toBe('Not Found');
  });

  it('when no product has the well-formed id, then 404 with the status text', async () => {
    const response = await request(app).delete(`/products/${unknownId()}`).expect(404);
    expect(response.text).toBe('Not Found');
  });
});

describe('the id check in front of every /:id route (400 for a malformed id)', () => {
  const malformedIds = [
    ['too short', 'abc'],
    ['25 characters', 'aaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['23 characters', 'aaaaaaaaaaaaaaaaaaaaaaa'],
    ['uppercase hexadecimal', 'AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['24 characters that are not hexadecimal', 'zzzzzzzzzzzzzzzzzzzzzzzz'],
    ['12 characters (a valid ObjectId byte string)', 'aaaaaaaaaaaa'],
    ['a hex id with a space', 'aaaaaaaaaaaaaaaaaaaaaaa%20'],
  ] as const;

  for (const method of ['get', 'patch', 'delete'] as const) {
    it.each(malformedIds)(
      `when ${method.toUpperCase()} gets an id that is %s, then 400 with the id message`,
      async (_case, id) => {
        const response = await request(app)[method](`/products/${id}`).send({ price: 1 });
        expect(response.status).toBe(400);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.body).toEqual({ error: 'id must be 24 hexadecimal characters' });
      },
    );

    it(`when ${method.toUpperCase()} gets an id with broken percent-encoding, then 400, not 500`, async () => {
      const response = await request(app)[method]('/products/%E0%A4%A').send({ price: 1 });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: "Failed to decode param '%E0%A4%A'" });
    });
  }
});

describe('routes that do not exist', () => {
  it.each([
    ['GET', '/', 'Cannot GET /'],
    ['GET', '/items', 'Cannot GET /items'],
    ['PUT', '/products', 'Cannot PUT /products'],
    ['DELETE', '/products', 'Cannot DELETE /products'],
    [
      'POST',
      '/products/aaaaaaaaaaaaaaaaaaaaaaaa',
      'Cannot POST /products/aaaaaaaaaaaaaaaaaaaaaaaa',
    ],
    ['PUT', '/products/not-an-id', 'Cannot PUT /products/not-an-id'],
    ['GET', '/products/a/b?x=1', 'Cannot GET /products/a/b'],
    // No route takes OPTIONS, so it is unmatched on every path, those with routes included.
    ['OPTIONS', '/products', 'Cannot OPTIONS /products'],
    [
      'OPTIONS',
      '/products/aaaaaaaaaaaaaaaaaaaaaaaa',
      'Cannot OPTIONS /products/aaaaaaaaaaaaaaaaaaaaaaaa',
    ],
  ])('when %s %s is requested, then 404 with text %j', async (method, path, text) => {
    const response = await request(app)[method.toLowerCase() as 'get'](path);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toBe(text);
  });
});

describe('a failure inside the service', () => {
  it('when the database layer throws, then 500 with { error: "Internal Server Error", requestId } and no details', async () => {
    const failure = new Error('connection pool closed at 10.0.0.7');
    const failing: ProductsRepository = {
      create: () => Promise.reject(failure),
      list: () => Promise.reject(failure),
      findById: () => Promise.reject(failure),
      update: () => Promise.reject(failure),
      remove: () => Promise.reject(failure),
      exists: () => Promise.reject(failure),
    };
    const brokenApp = createApp({
      products: failing,
      idempotency: createMemoryIdempotencyStore({ ttlSeconds: 60 }),
      logger: silentLogger(),
    });
    const response = await request(brokenApp)
      .get('/products')
      .set('X-Request-Id', 'support-ticket-42')
      .expect(500);
    expect(response.body).toEqual({
      error: 'Internal Server Error',
      requestId: 'support-ticket-42',
    });
    expect(response.headers['x-request-id']).toBe('support-ticket-42');
    expect(response.text).not.toContain('10.0.0.7');
  });
});
