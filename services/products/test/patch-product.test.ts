import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createProduct, readProduct, uniqueName, useProductsApp } from './support.js';

const products = useProductsApp('products_patch');

/** What a stored product holds: its id, its write counter and the six fields, nothing sent beside them. */
const STORED_KEYS = [
  '_id',
  '_version',
  'color',
  'manufacturer',
  'modelName',
  'modelNumber',
  'price',
  'quantity',
];

async function storedRecord(id: string) {
  return products.raw.findOne({ _id: new ObjectId(id) });
}

function fullProduct(label: string) {
  return {
    modelName: uniqueName(label),
    modelNumber: 'M-1',
    manufacturer: 'Acme',
    color: 'blue',
    price: 20,
    quantity: 8,
  };
}

describe('PATCH /products/:id', () => {
  it('when some fields are sent, then only those change and it answers 200 with the complete updated product', async () => {
    const original = fullProduct('Patch some');
    const id = await createProduct(products.app, original);

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .send({ color: 'black', price: 25 });

    expect(response.status).toBe(200);
    const expected = { id, ...original, color: 'black', price: 25 };
    expect(response.body).toEqual(expected);
    expect(response.text).not.toContain('_id');
    expect(await readProduct(products.app, id)).toEqual(expected);
  });

  it('when an id and an _id are sent, then they are ignored and the identifier never changes', async () => {
    const original = fullProduct('Patch id');
    const id = await createProduct(products.app, original);
    const other = new ObjectId().toHexString();

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .send({ id: other, _id: other, modelNumber: 'M-2' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id, ...original, modelNumber: 'M-2' });
    expect((await request(products.app).get(`/products/${other}`)).status).toBe(404);
    expect(await storedRecord(id)).not.toHaveProperty('id');
  });

  it('when unknown keys are sent, then they are dropped and never stored', async () => {
    const original = fullProduct('Patch extras');
    const id = await createProduct(products.app, original);

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .send({ quantity: 9, discount: 10, $set: { price: -1 } });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id, ...original, quantity: 9 });
    expect(Object.keys((await storedRecord(id)) ?? {}).sort()).toEqual(STORED_KEYS);
  });

  it('when a __proto__ key is sent, then it is dropped like any unknown key and sets no prototype', async () => {
    const original = fullProduct('Patch proto');
    const id = await createProduct(products.app, original);

    // Raw text, so `__proto__` travels as a real key rather than as an object literal's prototype.
    const response = await request(products.app)
      .patch(`/products/${id}`)
      .set('Content-Type', 'application/json')
      .send('{"__proto__":{"price":-1,"quantity":-1},"color":"orange"}');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id, ...original, color: 'orange' });
    expect(Object.keys((await storedRecord(id)) ?? {}).sort()).toEqual(STORED_KEYS);
    expect(({} as Record<string, unknown>)['price']).toBeUndefined();
  });

  it('when every field is set to the value it already has, then it still answers 200', async () => {
    const original = fullProduct('Same values');
    const id = await createProduct(products.app, original);

    const response = await request(products.app).patch(`/products/${id}`).send(original);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id, ...original });
  });

  it('when the body is an empty object, then it answers 200 with the unchanged product', async () => {
    const original = fullProduct('Empty patch');
    const id = await createProduct(products.app, original);

    const response = await request(products.app).patch(`/products/${id}`).send({});

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id, ...original });
  });

  it('when no product has the id, then it answers 404 with the not-found body', async () => {
    const id = new ObjectId().toHexString();

    const response = await request(products.app).patch(`/products/${id}`).send({ color: 'red' });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `Not found: no product with id of ${id}` });
    expect(await storedRecord(id)).toBeNull();
  });

  it('when the id is malformed, then it answers 404 with the not-found body, never a 500', async () => {
    const response = await request(products.app).patch('/products/12345').send({ color: 'red' });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found: no product with id of 12345' });
  });

  it('when the product is missing and the values also break a rule, then existence is checked first: 404', async () => {
    const id = new ObjectId().toHexString();

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .send({ price: -1, quantity: -1 });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `Not found: no product with id of ${id}` });
  });

  it('when the price sent is below 0, then it answers 400 "price cannot be negative" and nothing is written', async () => {
    const original = fullProduct('Negative price');
    const id = await createProduct(products.app, original);
    const before = await storedRecord(id);

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .send({ price: -0.01, color: 'white' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'price cannot be negative' });
    expect(await storedRecord(id)).toEqual(before);
  });

  it('when no price is sent and the stored price is below 0, then it answers 400 "price cannot be negative" and nothing is written', async () => {
    // Creation does not validate, so a product can be stored with a negative price.
    const id = await createProduct(products.app, { ...fullProduct('Stored negative'), price: -5 });
    const before = await storedRecord(id);

    const response = await request(products.app).patch(`/products/${id}`).send({ color: 'white' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'price cannot be negative' });
    expect(await storedRecord(id)).toEqual(before);
  });

  it('when the stored price is below 0 and a price of 0 or more is sent, then the PATCH succeeds', async () => {
    const id = await createProduct(products.app, { ...fullProduct('Fix price'), price: -5 });

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .send({ price: 0, color: 'white' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, price: 0, color: 'white' });
  });

  it('when the quantity sent is below 0, then it answers 400 "quantity cannot be negative" and nothing is written', async () => {
    const original = fullProduct('Negative quantity');
    const id = await createProduct(products.app, original);
    const before = await storedRecord(id);

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .send({ quantity: -1, modelNumber: 'changed' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'quantity cannot be negative' });
    expect(await storedRecord(id)).toEqual(before);
  });

  it('when a quantity of 0 and a price of 0 are sent, then the PATCH succeeds (0 is not negative)', async () => {
    const id = await createProduct(products.app, fullProduct('Zeroes'));

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .send({ quantity: 0, price: 0 });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ quantity: 0, price: 0 });
  });

  it('when a stored quantity is below 0 and no quantity is sent, then the PATCH succeeds (the rule is on the quantity sent)', async () => {
    const id = await createProduct(products.app, {
      ...fullProduct('Stored quantity'),
      quantity: -2,
    });

    const response = await request(products.app).patch(`/products/${id}`).send({ color: 'grey' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ quantity: -2, color: 'grey' });
  });

  it('when both price and quantity sent are below 0, then it answers 400 with the price message and nothing is written', async () => {
    const id = await createProduct(products.app, fullProduct('Both negative'));
    const before = await storedRecord(id);

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .send({ price: -1, quantity: -1 });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'price cannot be negative' });
    expect(await storedRecord(id)).toEqual(before);
  });

  it('when the price sent is not a number, then it is stored as sent (only numbers can be below 0)', async () => {
    const id = await createProduct(products.app, fullProduct('Text price'));

    const response = await request(products.app).patch(`/products/${id}`).send({ price: '-5' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ price: '-5' });
  });

  it('when the body is not a JSON object, then it answers 400 and nothing is written', async () => {
    const id = await createProduct(products.app, fullProduct('Array patch'));
    const before = await storedRecord(id);

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .set('Content-Type', 'application/json')
      .send('[{"color":"red"}]');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'request body must be a JSON object' });
    expect(await storedRecord(id)).toEqual(before);
  });

  it('when the body is malformed JSON, then it answers 400 with an error body', async () => {
    const id = await createProduct(products.app, fullProduct('Malformed patch'));

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .set('Content-Type', 'application/json')
      .send('{"color":');

    expect(response.status).toBe(400);
    expect(Object.keys(response.body as object)).toEqual(['error']);
  });

  it('when the content type is not JSON, then it answers 415 and nothing is written', async () => {
    const id = await createProduct(products.app, fullProduct('Text patch'));
    const before = await storedRecord(id);

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .set('Content-Type', 'text/plain')
      .send('{"color":"red"}');

    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Content-Type must be application/json' });
    expect(await storedRecord(id)).toEqual(before);
  });

  it('when the body is over the limit, then it answers 413 with an error body', async () => {
    const id = await createProduct(products.app, fullProduct('Large patch'));

    const response = await request(products.app)
      .patch(`/products/${id}`)
      .send({ color: 'x'.repeat(120 * 1024) });

    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'request entity too large' });
  });
});
