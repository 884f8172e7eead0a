import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createProduct, readProduct, uniqueName, useProductsApp } from './support.js';

const products = useProductsApp('products_create');

describe('POST /products', () => {
  it('when every field is sent, then it answers 201 with only the new id and a later read returns the fields', async () => {
    const sent = {
      modelName: uniqueName('Trail runner'),
      modelNumber: 'TR-200',
      manufacturer: 'Acme',
      color: 'red',
      price: 129.5,
      quantity: 12,
    };
    const response = await request(products.app).post('/products').send(sent);

    expect(response.status).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(response.body as object)).toEqual(['id']);
    const { id } = response.body as { id: string };
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(await readProduct(products.app, id)).toEqual({ id, ...sent });
  });

  it('when fields are omitted, then a later read returns the defaults (empty strings, 0) and the stored record is complete', async () => {
    const modelName = uniqueName('Only a name');
    const id = await createProduct(products.app, { modelName });

    expect(await readProduct(products.app, id)).toEqual({
      id,
      modelName,
      modelNumber: '',
      manufacturer: '',
      color: '',
      price: 0,
      quantity: 0,
    });
    const stored = await products.raw.findOne({ _id: new ObjectId(id) });
    expect(stored).toEqual({
      _id: new ObjectId(id),
      modelName,
      modelNumber: '',
      manufacturer: '',
      color: '',
      price: 0,
      quantity: 0,
    });
  });

  it('when the body is an empty object, then a product made of defaults is created', async () => {
    const id = await createProduct(products.app, {});

    expect(await readProduct(products.app, id)).toEqual({
      id,
      modelName: '',
      modelNumber: '',
      manufacturer: '',
      color: '',
      price: 0,
      quantity: 0,
    });
  });

  it('when the body has unknown keys, then they are dropped and never stored', async () => {
    const modelName = uniqueName('With extras');
    // Raw text, so `__proto__` travels as a real key rather than as an object literal's prototype.
    const response = await request(products.app)
      .post('/products')
      .set('Content-Type', 'application/json')
      .send(
        `{"modelName":"${modelName}","discount":50,"owner":{"name":"x"},"__proto__":{"price":1},"constructor":"x"}`,
      );
    expect(response.status).toBe(201);
    const { id } = response.body as { id: string };

    const stored = await products.raw.findOne({ _id: new ObjectId(id) });
    expect(Object.keys(stored ?? {}).sort()).toEqual(
      ['_id', 'color', 'manufacturer', 'modelName', 'modelNumber', 'price', 'quantity'].sort(),
    );
    const product = await readProduct(products.app, id);
    expect(product).not.toHaveProperty('discount');
    expect(product).not.toHaveProperty('owner');
    expect(product.price).toBe(0);
  });

  it('when the body sends an id and an _id, then both are ignored and the service generates the id', async () => {
    const chosen = new ObjectId().toHexString();
    const modelName = uniqueName('Chosen id');
    const id = await createProduct(products.app, { id: chosen, _id: chosen, modelName });

    expect(id).not.toBe(chosen);
    expect((await readProduct(products.app, id)).modelName).toBe(modelName);
    expect((await request(products.app).get(`/products/${chosen}`)).status).toBe(404);
    expect(await products.raw.findOne({ _id: new ObjectId(chosen) })).toBeNull();
    expect(await products.raw.findOne({ id: chosen })).toBeNull();
  });

  it('when fields have other types or out-of-range values, then they are stored as sent (no validation on create)', async () => {
    const modelName = uniqueName('Loose types');
    const id = await createProduct(products.app, {
      modelName,
      modelNumber: 42,
      manufacturer: null,
      color: ['red', 'blue'],
      price: '12.50',
      quantity: -3,
    });

    expect(await readProduct(products.app, id)).toEqual({
      id,
      modelName,
      modelNumber: 42,
      manufacturer: null,
      color: ['red', 'blue'],
      price: '12.50',
      quantity: -3,
    });
    const stored = await products.raw.findOne({ _id: new ObjectId(id) });
    expect(stored?.price).toBe('12.50');
  });

  it('when the price sent is negative, then creation still succeeds (the rule applies to PATCH only)', async () => {
    const id = await createProduct(products.app, { modelName: uniqueName('Negative'), price: -5 });

    expect((await readProduct(products.app, id)).price).toBe(-5);
  });

  it.each([
    ['an array', '[{"modelName":"in an array"}]'],
    ['a string', '"just text"'],
    ['null', 'null'],
    ['a number', '7'],
  ])(
    'when the body is %s, then it answers 400 with an error body and stores nothing',
    async (_, body) => {
      const before = await products.raw.countDocuments();
      const response = await request(products.app)
        .post('/products')
        .set('Content-Type', 'application/json')
        .send(body);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'request body must be a JSON object' });
      expect(await products.raw.countDocuments()).toBe(before);
    },
  );

  it('when the body is malformed JSON, then it answers 400 with an error body', async () => {
    const response = await request(products.app)
      .post('/products')
      .set('Content-Type', 'application/json')
      .send('{"modelName": "broken"');

    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof (response.body as { error: unknown }).error).toBe('string');
    expect(Object.keys(response.body as object)).toEqual(['error']);
  });

  it('when the content type is not JSON, then it answers 415 with an error body and stores nothing', async () => {
    const before = await products.raw.countDocuments();
    const response = await request(products.app)
      .post('/products')
      .set('Content-Type', 'text/plain')
      .send('{"modelName":"as text"}');

    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Content-Type must be application/json' });
    expect(await products.raw.countDocuments()).toBe(before);
  });

  it('when a form body is sent, then it answers 415', async () => {
    const response = await request(products.app).post('/products').type('form').send({ a: 'b' });

    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Content-Type must be application/json' });
  });

  it('when the content type carries a charset parameter, then the JSON body is accepted', async () => {
    const modelName = uniqueName('Charset');
    const response = await request(products.app)
      .post('/products')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ modelName }));

    expect(response.status).toBe(201);
  });

  it('when the JSON body declares a charset other than UTF-8, then it answers 415 with an error body', async () => {
    const response = await request(products.app)
      .post('/products')
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{}');

    expect(response.status).toBe(415);
    expect(typeof (response.body as { error: unknown }).error).toBe('string');
  });

  it('when the body is over the 100kb limit, then it answers 413 with an error body', async () => {
    const response = await request(products.app)
      .post('/products')
      .send({ modelName: 'x'.repeat(120 * 1024) });

    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'request entity too large' });
  });

  it('when a product is created, then no response carries _id', async () => {
    const response = await request(products.app)
      .post('/products')
      .send({ modelName: uniqueName('No _id') });

    expect(response.status).toBe(201);
    expect(response.text).not.toContain('_id');
  });
});
