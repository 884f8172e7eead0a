import { describe, expect, it } from 'vitest';
import {
  documentedRoutes,
  type FuzzTarget,
  hostileCases,
  type HostilePolicy,
  hostileRoute,
} from '@repo/common/testing';
import { apiDocument } from '../src/app.js';
import { PRODUCT_FIELDS } from '../src/domain/product.js';
import { useFuzzTarget } from './fuzz-target.js';

const target = useFuzzTarget('products_hostile');

/** A pending order of one of the stored products, given stock to spare, placed over HTTP; its id. */
async function placeOrder(fuzz: FuzzTarget, productId: string): Promise<string> {
  const stocked = await fetch(`${fuzz.baseUrl}/products/${productId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ quantity: 1000 }),
  });
  expect(stocked.status).toBe(200);
  const response = await fetch(`${fuzz.baseUrl}/customers/c1/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ productId, quantity: 1 }] }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** What the README promises for each named hostile case (Errors and Decisions). */
async function policy(fuzz: FuzzTarget, productId: string): Promise<HostilePolicy> {
  const orderId = await placeOrder(fuzz, productId);
  const items = (id: unknown) => ({
    items: [
      { productId, quantity: 1 },
      { productId: id, quantity: 1 },
    ],
  });
  const malformedIdsInItems = ['xyz', '%00', '..%2f', 'a'.repeat(10_000), 42, null].map((id) => ({
    body: items(id),
    status: 400,
  }));
  return {
    errorBody: 'json',
    valid: {
      'POST /products': { path: '/products', body: { modelName: 'hostile', price: 1 } },
      'PATCH /products/{id}': { path: `/products/${productId}`, body: { color: 'blue' } },
      'POST /customers/{customerId}/orders': {
        path: '/customers/c1/orders',
        body: { items: [{ productId, quantity: 1 }] },
      },
      'PATCH /orders/{id}': { path: `/orders/${orderId}`, body: { status: 'pending' } },
    },
    storesClientKeys: ['POST /products', 'PATCH /products/{id}'],
    dropsUnknownKeys: [
      'POST /products',
      'PATCH /products/{id}',
      'POST /customers/{customerId}/orders',
      'PATCH /orders/{id}',
    ],
    malformedIdStatus: 404,
    ids: {
      'GET /customers/{customerId}/orders': 400,
      'POST /customers/{customerId}/orders': 400,
    },
    idArrays: {
      'POST /customers/{customerId}/orders': malformedIdsInItems,
      'PATCH /orders/{id}': malformedIdsInItems,
    },
  };
}

describe('hostile requests', () => {
  it.each(documentedRoutes(apiDocument()))(
    'when %s gets every named hostile case (10 000-deep nesting, prototype, NUL, $ and dotted keys, 1e309, 1 MB strings, non-objects, invalid UTF-8, malformed ids), then each gets the status and body the README promises and nothing hostile is stored',
    async (route) => {
      const fuzz = target();
      const [productId = ''] = fuzz.existing;
      await hostileCases(fuzz, route, await policy(fuzz, productId), PRODUCT_FIELDS);
    },
  );

  it.each(documentedRoutes(apiDocument()))(
    'when %s gets 20 hostile requests (fast-check, fixed seed: broken JSON, wrong types, deep nesting, prototype and operator keys, huge and invalid bodies, hostile ids), then none is a 5xx and nothing hostile is stored',
    async (route) => {
      // The product fields the README stores as sent, any JSON value: what they hold is data.
      await hostileRoute(target(), route, { runs: 20, seed: 21, freeFields: PRODUCT_FIELDS });
    },
  );
});
