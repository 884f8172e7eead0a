import { describe, it } from 'vitest';
import {
  documentedRoutes,
  hostileCases,
  type HostilePolicy,
  hostileRoute,
} from '@repo/common/testing';
import { apiDocument } from '../src/app.js';
import { useFuzzTarget } from './fuzz-target.js';

const target = useFuzzTarget('mini_store_hostile');

/** What the README promises for each named hostile case (Errors and Decisions). */
function policy(productId: string): HostilePolicy {
  return {
    errorBody: 'json',
    valid: {
      'POST /products': { path: '/products', body: { name: 'hostile', price: 1 } },
      'PATCH /products/{id}': { path: `/products/${productId}`, body: { name: 'changed' } },
    },
    storesClientKeys: ['POST /products', 'PATCH /products/{id}'],
    dropsUnknownKeys: ['POST /products'],
    malformedIdStatus: 400,
  };
}

describe('hostile requests', () => {
  it.each(documentedRoutes(apiDocument()))(
    'when %s gets every named hostile case (10 000-deep nesting, prototype, NUL, $ and dotted keys, 1e309, 1 MB strings, non-objects, invalid UTF-8, malformed ids), then each gets the status and body the README promises and nothing hostile is stored',
    async (route) => {
      const fuzz = target();
      const [productId = ''] = fuzz.existing;
      await hostileCases(fuzz, route, policy(productId));
    },
  );

  it.each(documentedRoutes(apiDocument()))(
    'when %s gets 20 hostile requests (fast-check, fixed seed: broken JSON, wrong types, deep nesting, prototype and operator keys, huge and invalid bodies, hostile ids), then none is a 5xx and nothing hostile is stored',
    async (route) => {
      await hostileRoute(target(), route, { runs: 20, seed: 21 });
    },
  );
});
