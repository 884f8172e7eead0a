import { describe, it } from 'vitest';
import {
  documentedRoutes,
  fuzzRoute,
  ResponseContract,
  useListeningApp,
} from '@repo/common/testing';
import { apiDocument } from '../src/http/api-document.js';
import { buildApp } from './support.js';

const document = apiDocument();
const contract = new ResponseContract(document);
const server = useListeningApp(() => buildApp());

describe('generated requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(document))(
    'when %s gets 200 requests, valid and invalid, then none is a 5xx and each answer matches the document',
    async (route) => {
      await fuzzRoute(
        {
          baseUrl: server.url,
          document,
          contract,
          // The tutorial stores nothing.
          snapshot: () => Promise.resolve(null),
        },
        route,
        { runs: 200, seed: 18 },
      );
    },
  );
});
