import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { buildApp, createProduct, listProducts, uniqueName } from './support.js';

let app: Express;
const testDb = useTestDatabase('products_low_stock');

beforeAll(() => {
  app = buildApp(testDb.db);
});

describe('GET /products?lowStock=true', () => {
  it('when the threshold is the default 5, then only products with a quantity below 5 are listed, in creation order', async () => {
    const quantities = [4, 5, 0, 12, -1, 4.5];
    const ids = new Map<number, string>();
    for (const quantity of quantities) {
      ids.set(quantity, await createProduct(app, { modelName: uniqueName('q'), quantity }));
    }

    const listed = await listProducts(app, '?lowStock=true');
    const listedIds = listed.map((product) => product.id);

    for (const quantity of [4, 0, -1, 4.5]) expect(listedIds).toContain(ids.get(quantity));
    for (const quantity of [5, 12]) expect(listedIds).not.toContain(ids.get(quantity));
    for (const product of listed) expect(product.quantity).toBeLessThan(5);
    const positions = [4, 0, -1, 4.5].map((quantity) => listedIds.indexOf(ids.get(quantity) ?? ''));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('when a quantity is stored as text, then it is not counted as low stock (only numbers compare)', async () => {
    const id = await createProduct(app, { modelName: uniqueName('text q'), quantity: '2' });

    const listedIds = (await listProducts(app, '?lowStock=true')).map((product) => product.id);

    expect(listedIds).not.toContain(id);
    expect((await listProducts(app)).map((product) => product.id)).toContain(id);
  });

  it('when LOW_STOCK_THRESHOLD is configured as 10, then a quantity of 7 is low stock and 10 is not', async () => {
    const thresholdTenApp = buildApp(testDb.db, { lowStockThreshold: 10 });
    const seven = await createProduct(thresholdTenApp, {
      modelName: uniqueName('seven'),
      quantity: 7,
    });
    const ten = await createProduct(thresholdTenApp, {
      modelName: uniqueName('ten'),
      quantity: 10,
    });

    const listedIds = (await listProducts(thresholdTenApp, '?lowStock=true')).map(
      (product) => product.id,
    );

    expect(listedIds).toContain(seven);
    expect(listedIds).not.toContain(ten);
  });

  it('when lowStock is absent, then every product is listed whatever its quantity', async () => {
    const plenty = await createProduct(app, { modelName: uniqueName('plenty'), quantity: 50 });
    const few = await createProduct(app, { modelName: uniqueName('few'), quantity: 1 });

    const listedIds = (await listProducts(app)).map((product) => product.id);

    expect(listedIds).toEqual(expect.arrayContaining([plenty, few]));
  });

  it.each([
    ['false', '?lowStock=false'],
    ['empty', '?lowStock='],
    ['TRUE in capitals', '?lowStock=TRUE'],
    ['1', '?lowStock=1'],
    ['repeated', '?lowStock=true&lowStock=true'],
  ])('when lowStock is %s, then it answers 400 with an error body', async (_, query) => {
    const response = await request(app).get(`/products${query}`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "lowStock must be 'true' when given" });
  });
});
