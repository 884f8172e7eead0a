import { describe, it } from 'vitest';
import {
  documentedRoutes,
  type FuzzTarget,
  fuzzRoute,
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
    'when %s gets 200 requests, valid and invalid, then none is a 5xx and each answer matches the document',
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
