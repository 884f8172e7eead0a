import { describe, it } from 'vitest';
import { documentedRoutes, hostileRoute } from '@repo/common/testing';
import { apiDocument } from '../src/app.js';
import { PRODUCT_FIELDS } from '../src/domain/product.js';
import { useFuzzTarget } from './fuzz-target.js';

const target = useFuzzTarget('products_hostile');

describe('hostile requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(apiDocument()))(
    'when %s gets 40 hostile requests (broken JSON, wrong types, deep nesting, prototype and operator keys, huge and invalid bodies, hostile ids), then none is a 5xx and nothing hostile is stored',
    async (route) => {
      // The product fields the spec stores as sent, any JSON value (README): what they hold is data.
      await hostileRoute(target(), route, { runs: 40, seed: 21, freeFields: PRODUCT_FIELDS });
    },
  );
});
