import { describe, it } from 'vitest';
import { documentedRoutes, FUZZ_ROUTE_TIMEOUT_MS, fuzzRoute } from '@repo/common/testing';
import { apiDocument } from '../src/app.js';
import { useFuzzTarget } from './fuzz-target.js';

const target = useFuzzTarget('products_fuzz');

describe('generated requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(apiDocument()))(
    'when %s gets one request of each kind and 100 drawn at random, valid and invalid, then none is a 5xx, each answer matches the document and no refused one stores anything',
    async (route) => {
      await fuzzRoute(target(), route, { runs: 100, seed: 18 });
    },
    FUZZ_ROUTE_TIMEOUT_MS,
  );
});
