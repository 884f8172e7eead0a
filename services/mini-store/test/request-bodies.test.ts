import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { buildApp, countStored, readStored, uniqueName } from './support.js';

const testDb = useTestDatabase('mini_store_bodies');
let app: Express;

beforeAll(() => {
  app = buildApp(testDb.db);
});

async function createProduct(): Promise<string> {
  const response = await request(app)
    .post('/products')
    .send({ name: uniqueName('target'), price: 10, quantity: 1 })
    .expect(201);
  return (response.body as { id: string }).id;
}

function deeplyNested(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = { inner: value };
  return value;
}

describe('PATCH names MongoDB would not take as plain fields (nothing is written)', () => {
  it.each([
    ['an update operator', { $set: { price: 0 } }, '"$set"', 'must not start with "$"'],
    ['a query operator', { $where: 'sleep(1000)' }, '"$where"', 'must not start with "$"'],
    ['a dotted path', { 'a.b': 1 }, '"a.b"', 'must not contain "."'],
    ['a dotted path into a stored field', { 'price.amount': 0 }, '"price.amount"', 'contain "."'],
    ['a nested operator', { meta: { $gt: 1 } }, '"$gt" inside "meta"', 'start with "$"'],
    ['a nested $where', { filter: { $where: 'true' } }, '"$where" inside "filter"', '"$"'],
    ['a nested dotted name', { meta: { 'x.y': 1 } }, '"x.y" inside "meta"', 'contain "."'],
    ['an operator inside an array', { tags: [1, { $inc: 1 }] }, '"$inc" inside "tags[1]"', '"$"'],
    ['an empty name', { '': 1 }, '""', 'must not be empty'],
    ['a NUL in a name', { 'a\u0000b': 1 }, '"a\\u0000b"', 'NUL'],
    [
      'a valid key next to an operator',
      { name: 'renamed', $unset: { price: '' } },
      '"$unset"',
      '"$"',
    ],
  ])(
    'when the body holds %s, then 400 naming the key and the product is unchanged',
    async (_case, body, named, reason) => {
      const id = await createProduct();
      const before = await readStored(testDb.db, id);
      const response = await request(app).patch(`/products/${id}`).send(body).expect(400);
      const { error } = response.body as { error: string };
      expect(error).toContain(`invalid field name ${named}`);
      expect(error).toContain(reason);
      expect(await readStored(testDb.db, id)).toEqual(before);
    },
  );

  it('when the body sets _id, then 400 naming _id and the product keeps its id and fields', async () => {
    const id = await createProduct();
    const before = await readStored(testDb.db, id);
    const response = await request(app)
      .patch(`/products/${id}`)
      .send({ _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', price: 0 })
      .expect(400);
    expect(response.body).toEqual({
      error: 'invalid field name "_id": the id of a product cannot be changed',
    });
    expect(await readStored(testDb.db, id)).toEqual(before);
  });

  it('when values nest deeper than 32 levels, then 400 and the product is unchanged', async () => {
    const id = await createProduct();
    const before = await readStored(testDb.db, id);
    const response = await request(app)
      .patch(`/products/${id}`)
      .send({ deep: deeplyNested(40) })
      .expect(400);
    expect(response.body).toEqual({
      error: 'request body nests objects and arrays deeper than 32 levels',
    });
    expect(await readStored(testDb.db, id)).toEqual(before);
  });

  // Sent as raw text: an object literal with a __proto__ key would set a prototype, not a key.
  it.each([
    ['at the top level', '{"__proto__": {"polluted": true}, "colour": "blue"}', '"__proto__"'],
    [
      'inside a value',
      '{"colour": "blue", "meta": {"__proto__": {"x": 1}}}',
      '"__proto__" inside "meta"',
    ],
  ])(
    'when a __proto__ key is sent %s, then 400 naming it and the product is unchanged',
    async (_case, text, named) => {
      const id = await createProduct();
      const before = await readStored(testDb.db, id);
      const response = await request(app)
        .patch(`/products/${id}`)
        .set('Content-Type', 'application/json')
        .send(text)
        .expect(400);
      expect(response.body).toEqual({
        error: `invalid field name ${named}: a name must not be "__proto__"`,
      });
      expect(await readStored(testDb.db, id)).toEqual(before);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    },
  );

  it.each(['constructor', 'prototype'])(
    'when a %s key is sent, then 400 naming it and the product is unchanged',
    async (name) => {
      const id = await createProduct();
      const before = await readStored(testDb.db, id);
      const response = await request(app)
        .patch(`/products/${id}`)
        .send({ colour: 'blue', meta: { [name]: 1 } })
        .expect(400);
      expect(response.body).toEqual({
        error: `invalid field name "${name}" inside "meta": a name must not be "${name}"`,
      });
      expect(await readStored(testDb.db, id)).toEqual(before);
    },
  );

  it('when names that are only special to JavaScript objects are sent, then they are stored as ordinary fields', async () => {
    const id = await createProduct();
    await request(app)
      .patch(`/products/${id}`)
      .send({ hasOwnProperty: 2, toString: { valueOf: 'x' } })
      .expect(200);
    expect(await readStored(testDb.db, id)).toMatchObject({
      hasOwnProperty: 2,
      toString: { valueOf: 'x' },
    });
  });
});

describe('request bodies that are not a JSON object', () => {
  const notObjects = [
    ['a JSON array', '[{"price": 1}]', 'request body must be a JSON object'],
    ['a JSON string', '"price"', undefined],
    ['a JSON number', '42', undefined],
    ['JSON null', 'null', undefined],
    ['malformed JSON', '{"price": ', undefined],
  ] as const;

  it.each(notObjects)(
    'when PATCH sends %s, then 400 with { error } and the product is unchanged',
    async (_case, text, message) => {
      const id = await createProduct();
      const before = await readStored(testDb.db, id);
      const response = await request(app)
        .patch(`/products/${id}`)
        .set('Content-Type', 'application/json')
        .send(text)
        .expect(400)
        .expect('Content-Type', /application\/json/);
      const { error } = response.body as { error: unknown };
      expect(typeof error).toBe('string');
      expect(String(error).length).toBeGreaterThan(0);
      if (message !== undefined) expect(error).toBe(message);
      expect(await readStored(testDb.db, id)).toEqual(before);
    },
  );

  it.each(notObjects)(
    'when POST sends %s, then 400 with { error } and nothing is stored',
    async (_case, text, message) => {
      const before = await countStored(testDb.db);
      const response = await request(app)
        .post('/products')
        .set('Content-Type', 'application/json')
        .send(text)
        .expect(400);
      const { error } = response.body as { error: unknown };
      expect(typeof error).toBe('string');
      if (message !== undefined) expect(error).toBe(message);
      expect(await countStored(testDb.db)).toBe(before);
    },
  );

  it('when PATCH sends a form body instead of JSON, then 415 naming JSON in Accept-Patch and the product is unchanged', async () => {
    const id = await createProduct();
    const before = await readStored(testDb.db, id);
    const response = await request(app)
      .patch(`/products/${id}`)
      .type('form')
      .send('price=1')
      .expect(415)
      .expect('Accept-Patch', 'application/json');
    expect(response.body).toEqual({ error: 'Content-Type must be application/json' });
    expect(await readStored(testDb.db, id)).toEqual(before);
  });

  it('when POST has no body at all, then it is read as {}: a product with no fields', async () => {
    const response = await request(app).post('/products').expect(201);
    const { id } = response.body as { id: string };
    const stored = await readStored(testDb.db, id);
    expect(Object.keys(stored ?? {}).filter((key) => key !== '_id' && key !== '_version')).toEqual(
      [],
    );
  });
});

describe('create with unsafe names inside the taken fields', () => {
  it.each([
    ['an operator inside name', { name: { $gt: '' } }, '"$gt" inside "name"'],
    ['a dotted name inside price', { price: { 'a.b': 1 } }, '"a.b" inside "price"'],
    [
      'an operator in an array in quantity',
      { quantity: [{ $inc: 1 }] },
      '"$inc" inside "quantity[0]"',
    ],
  ])(
    'when POST sends %s, then 400 naming the key and nothing is stored',
    async (_case, body, named) => {
      const before = await countStored(testDb.db);
      const response = await request(app).post('/products').send(body).expect(400);
      expect((response.body as { error: string }).error).toContain(`invalid field name ${named}`);
      expect(await countStored(testDb.db)).toBe(before);
    },
  );
});

describe('body encodings the parser does not support', () => {
  it('when a PATCH body declares a charset that is not a UTF one, then 415 with { error } and the product is unchanged', async () => {
    const id = await createProduct();
    const before = await readStored(testDb.db, id);
    const response = await request(app)
      .patch(`/products/${id}`)
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{"price": 1}')
      .expect(415);
    expect(response.body).toEqual({ error: 'unsupported charset "LATIN1"' });
    expect(await readStored(testDb.db, id)).toEqual(before);
  });
});

describe('body size limit', () => {
  it('when a PATCH body is over 100kb, then 413 with { error } and the product is unchanged', async () => {
    const id = await createProduct();
    const before = await readStored(testDb.db, id);
    const response = await request(app)
      .patch(`/products/${id}`)
      .send({ name: 'x'.repeat(110 * 1024) })
      .expect(413);
    expect(response.body).toEqual({ error: 'request entity too large' });
    expect(await readStored(testDb.db, id)).toEqual(before);
  });

  it('when a POST body is over 100kb, then 413 and nothing is stored', async () => {
    const before = await countStored(testDb.db);
    const response = await request(app)
      .post('/products')
      .send({ name: 'x'.repeat(110 * 1024) })
      .expect(413);
    expect(response.body).toEqual({ error: 'request entity too large' });
    expect(await countStored(testDb.db)).toBe(before);
  });
});
