import fc from 'fast-check';
import { beforeEach, describe, it } from 'vitest';
import {
  describeErrorAnswers,
  documentedRoutes,
  FUZZ_ROUTE_TIMEOUT_MS,
  type FuzzTarget,
  fuzzRoute,
  hostileCases,
  type HostilePolicy,
  hostileRoute,
  ResponseContract,
  useListeningApp,
} from '@repo/common/testing';
import { apiDocument } from '../src/app.js';
import { buildApp, TOKEN } from './support.js';

const document = apiDocument();
const contract = new ResponseContract(document);
const { app, books } = buildApp();
const server = useListeningApp(() => app);

/** Ids that exist when a route's run starts, so reads, changes and deletes also find books. */
let existing: string[] = [];

beforeEach(() => {
  existing = [1, 2, 3].map((index) =>
    String(books.create({ title: `Fuzz ${index}`, author: 'Anon', year: 2000 + index }).id),
  );
});

/** GET /books/badroute answers 500 by design; every other route must never. */
const FAILS_BY_DESIGN = 'GET /books/badroute';

/** The app under test, its document and what it stores, for both kinds of generated requests. */
function target(): FuzzTarget {
  return {
    baseUrl: server.url,
    document,
    contract,
    snapshot: () => Promise.resolve(books.list({})),
    tokens: { booksToken: TOKEN },
    pathValues: { id: fc.constantFrom(...existing) },
    bodies: {
      'DELETE /books': fc.record({ id: fc.constantFrom(...existing.map(Number)) }),
      'PATCH /books': fc.record({
        id: fc.constantFrom(...existing.map(Number)),
        title: fc.string({ minLength: 1 }).filter((text) => text.trim() !== ''),
      }),
    },
  };
}

describe('generated requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(document))(
    'when %s gets one request of each kind and 100 drawn at random, valid and invalid, then none is a 5xx (but badroute), each answer matches the document and no refused one stores anything',
    async (route) => {
      await fuzzRoute(target(), route, { runs: 100, seed: 18 }, route === FAILS_BY_DESIGN);
    },
    FUZZ_ROUTE_TIMEOUT_MS,
  );
});

describe('hostile requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(document).filter((route) => route !== FAILS_BY_DESIGN))(
    'when %s gets 20 hostile requests (broken JSON, wrong types, deep nesting, prototype and operator keys, huge and invalid bodies, hostile ids), then none is a 5xx and nothing hostile is stored',
    async (route) => {
      // `year` is stored as sent, any JSON value (README, POST /books).
      await hostileRoute(target(), route, { runs: 20, seed: 21, freeFields: ['year'] });
    },
  );
});

/** What the README promises for each named hostile case (Errors and Decisions). */
function policy(): HostilePolicy {
  const [first = '1', , last = '3'] = existing;
  return {
    errorBody: 'text',
    valid: {
      // `year` first: it is stored as sent, so values put in it reach the store.
      'POST /books': { path: '/books', body: { year: 1965, title: 'Dune', author: 'Herbert' } },
      'PATCH /books': { path: '/books', body: { year: 1966, id: Number(first) } },
      'DELETE /books': { path: '/books', body: { id: Number(last) } },
    },
    dropsUnknownKeys: ['POST /books', 'DELETE /books'],
    malformedIdStatus: 404,
    // A body that is no object names no book: 200, nothing removed, as for `{}`.
    notAnObject: { 'DELETE /books': { array: 200, scalar: 200 } },
  };
}

describe('named hostile requests', () => {
  it.each(documentedRoutes(document).filter((route) => route !== FAILS_BY_DESIGN))(
    'when %s gets every named hostile case (10 000-deep nesting, prototype, NUL, $ and dotted keys, 1e309, 1 MB strings, non-objects, invalid UTF-8, malformed ids), then each gets the status and body the README promises and nothing hostile is stored',
    async (route) => {
      await hostileCases(target(), route, policy(), ['year']);
    },
  );
});

describeErrorAnswers(document, target);
