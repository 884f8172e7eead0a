import fc from 'fast-check';
import { beforeEach, describe, it } from 'vitest';
import {
  documentedRoutes,
  type FuzzTarget,
  fuzzRoute,
  hostileRoute,
  ResponseContract,
  useListeningApp,
} from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { PRODUCTS_COLLECTION } from '../src/data/products-repository.js';
import { apiDocument } from '../src/http/api-document.js';
import { buildApp } from './support.js';

const document = apiDocument();
const contract = new ResponseContract(document);
const testDb = useTestDatabase('mini_store_fuzz');
const server = useListeningApp(() => buildApp(testDb.db));
const stored = () => testDb.db.collection(PRODUCTS_COLLECTION);

/** Ids that exist when a route's run starts, so reads, changes and deletes also find products. */
let existing: string[] = [];

beforeEach(async () => {
  const inserted = await stored().insertMany(
    [1, 2, 3].map((index) => ({ name: `Fuzz ${index}`, price: index, quantity: index })),
  );
  existing = Object.values(inserted.insertedIds).map((id) => id.toHexString());
});

/** The app under test, its document and what it stores, for both kinds of generated requests. */
function target(): FuzzTarget {
  return {
    baseUrl: server.url,
    document,
    contract,
    snapshot: () => stored().find().sort({ _id: 1 }).toArray(),
    pathValues: { id: fc.constantFrom(...existing) },
  };
}

describe('generated requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(document))(
    'when %s gets 200 requests, valid and invalid, then none is a 5xx, each answer matches the document and no refused one stores anything',
    async (route) => {
      await fuzzRoute(target(), route, { runs: 200, seed: 18 });
    },
  );
});

describe('hostile requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(document))(
    'when %s gets 40 hostile requests (broken JSON, wrong types, deep nesting, prototype and operator keys, huge and invalid bodies, hostile ids), then none is a 5xx and nothing hostile is stored',
    async (route) => {
      await hostileRoute(target(), route, { runs: 40, seed: 21 });
    },
  );
});
