import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createProduct, listProducts, uniqueName, useProductsApp } from './support.js';

const products = useProductsApp('products_read');

describe('GET /products/:id', () => {
  it('when the product exists, then it answers 200 with one Product object (not an array), id as lowercase hex and no _id', async () => {
    const sent = {
      modelName: uniqueName('Single'),
      modelNumber: 'S-1',
      manufacturer: 'Acme',
      color: 'green',
      price: 10,
      quantity: 3,
    };
    const id = await createProduct(products.app, sent);

    const response = await request(products.app).get(`/products/${id}`);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Array.isArray(response.body)).toBe(false);
    expect(response.body).toEqual({ id, ...sent });
    expect(response.text).not.toContain('_id');
  });

  it('when a product is asked for with HEAD, then it answers 200 with the JSON headers and no body', async () => {
    const id = await createProduct(products.app, { modelName: uniqueName('HeadOne') });

    const head = await request(products.app).head(`/products/${id}`);

    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.text ?? '').toBe('');
  });

  it('when no product has the well-formed id, then it answers 404 with the not-found error body', async () => {
    const id = new ObjectId().toHexString();

    const response = await request(products.app).get(`/products/${id}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `Not found: no product with id of ${id}` });
  });

  it.each([
    ['too short', '123abc'],
    ['too long', 'a'.repeat(25)],
    ['not hexadecimal', 'zzzzzzzzzzzzzzzzzzzzzzzz'],
    ['twelve characters (a valid ObjectId length in bytes)', 'abcdefghijkl'],
    ['a word', 'not-an-id'],
  ])(
    'when the id is malformed (%s), then it answers 404 with the not-found body, never a 500',
    async (_, id) => {
      const response = await request(products.app).get(`/products/${id}`);

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: `Not found: no product with id of ${id}` });
    },
  );

  it.each(['%ZZ', '%E0%A4%A'])(
    'when the id is broken percent-encoding (%s), then GET, PATCH and DELETE answer the not-found 404, and other methods the route 404',
    async (id) => {
      const expected = { error: `Not found: no product with id of ${id}` };
      for (const response of [
        await request(products.app).get(`/products/${id}`),
        await request(products.app).patch(`/products/${id}`).send({ color: 'red' }),
        await request(products.app).delete(`/products/${id}`),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual(expected);
      }
      const put = await request(products.app).put(`/products/${id}`);
      expect(put.status).toBe(404);
      expect(put.text).toBe(`Cannot PUT /products/${id}`);
    },
  );

  it('when a broken id is followed by the trailing slash routing accepts, then the 404 names the id without it', async () => {
    const response = await request(products.app).get('/products/%ZZ/');

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found: no product with id of %ZZ' });
  });

  it('when the id of an existing product is written in uppercase, then it answers 404 (ids are lowercase)', async () => {
    const id = await createProduct(products.app, { modelName: uniqueName('Case') });
    const upper = id.toUpperCase();

    const response = await request(products.app).get(`/products/${upper}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: `Not found: no product with id of ${upper}` });
  });
});

describe('GET /products', () => {
  it('when products exist, then it answers 200 with a JSON array of complete Products without _id', async () => {
    const modelName = uniqueName('Listed');
    const id = await createProduct(products.app, { modelName, price: 3 });

    const response = await request(products.app).get('/products');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.text).not.toContain('_id');
    const items = response.body as object[];
    expect(items).toContainEqual({
      id,
      modelName,
      modelNumber: '',
      manufacturer: '',
      color: '',
      price: 3,
      quantity: 0,
    });
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(
        ['color', 'id', 'manufacturer', 'modelName', 'modelNumber', 'price', 'quantity'].sort(),
      );
    }
  });

  it('when products are created one after another, then the list returns them in creation order', async () => {
    const ids: string[] = [];
    for (const label of ['first', 'second', 'third', 'fourth']) {
      ids.push(await createProduct(products.app, { modelName: uniqueName(label) }));
    }

    const listedIds = (await listProducts(products.app)).map((product) => product.id);

    const positions = ids.map((id) => listedIds.indexOf(id));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('when the list is asked for with HEAD, then it answers 200 with the JSON content type and no body', async () => {
    await createProduct(products.app, { modelName: uniqueName('Head') });

    const response = await request(products.app).head('/products');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.text ?? '').toBe('');
  });

  it('when the list is read, then it holds every product in the database', async () => {
    await createProduct(products.app, { modelName: uniqueName('Counted') });

    const listed = await listProducts(products.app);

    expect(listed).toHaveLength(await products.raw.countDocuments());
  });
});
