import { describe, it } from 'vitest';
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
import { buildApp } from './support.js';

const document = apiDocument();
const contract = new ResponseContract(document);
const server = useListeningApp(() => buildApp());

/** The app under test, its document and what it stores, for both kinds of generated requests. */
function target(): FuzzTarget {
  return {
    baseUrl: server.url,
    document,
    contract,
    // The tutorial stores nothing.
    snapshot: () => Promise.resolve(null),
  };
}

describe('generated requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(document))(
    'when %s gets one request of each kind and 100 drawn at random, valid and invalid, then none is a 5xx and each answer matches the document',
    async (route) => {
      await fuzzRoute(target(), route, { runs: 100, seed: 18 });
    },
    FUZZ_ROUTE_TIMEOUT_MS,
  );
});

describe('hostile requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(document))(
    'when %s gets 20 hostile requests (broken JSON, wrong types, deep nesting, prototype and operator keys, huge and invalid bodies, hostile ids), then none is a 5xx and nothing hostile is stored',
    async (route) => {
      await hostileRoute(target(), route, { runs: 20, seed: 21 });
    },
  );
});

/** What the README promises for each named hostile case (Errors, Decisions and the routes). */
const policy: HostilePolicy = {
  errorBody: 'text',
  valid: {
    // `year` first: it is passed through unchecked, so values put in it are echoed.
    'POST /tracks': { path: '/tracks', body: { year: 1999, artist: 'Prince', title: '1999' } },
    'POST /postData': { path: '/postData', body: { note: 'any JSON' } },
    'POST /submitform': {
      path: '/submitform',
      body: { address: '1 Main St', city: 'Springfield', zip: '12345' },
    },
  },
  // Every path parameter is text the answer quotes, but a person id must be a number.
  malformedIdStatus: 200,
  ids: { 'GET /person/{id}': 400 },
  // The parser takes only objects and arrays; an array is echoed, and a form read from one finds
  // its fields missing (empty text).
};

describe('named hostile requests', () => {
  it.each(documentedRoutes(document))(
    'when %s gets every named hostile case (10 000-deep nesting, prototype, NUL, $ and dotted keys, 1e309, 1 MB strings, non-objects, invalid UTF-8, malformed ids), then each gets the status and body the README promises',
    async (route) => {
      await hostileCases(target(), route, policy);
    },
  );
});

describeErrorAnswers(document, target);
