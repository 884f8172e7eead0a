import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ASYNC_API_DOCUMENT_FILE } from '@repo/common';
import { committedDocumentDrift } from '@repo/common/testing';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../src/services.js';
import { serviceDefinitionOf } from './service-modules.js';

const root = new URL('../../../', import.meta.url);

/** Importing a service's sources under a loaded machine takes seconds. */
const IMPORT_TIMEOUT_MS = 60_000;

// Whether a service publishes is what its definition says, not a list: a publisher's AsyncAPI
// document is committed and checked by its own tests, and a service that publishes nothing has none.
describe.each(SERVICES.map((service) => [service.name, service] as const))(
  'services/registry.json: %s',
  (name, service) => {
    it(
      'when its definition has an AsyncAPI document, then the committed asyncapi.json is it and its tests check it; without one, there is no asyncapi.json',
      async () => {
        const build = (await serviceDefinitionOf(service)).asyncApiDocument;
        const serviceDir = new URL(`${service.dir}/`, root);
        const file = new URL(ASYNC_API_DOCUMENT_FILE, serviceDir);
        if (build === undefined) {
          expect(existsSync(file), `${name} publishes nothing`).toBe(false);
          return;
        }
        expect(
          await committedDocumentDrift(fileURLToPath(serviceDir), build(), ASYNC_API_DOCUMENT_FILE),
        ).toBeUndefined();
        const test = new URL('test/asyncapi-document.test.ts', serviceDir);
        expect(existsSync(test), `${service.dir}/test/asyncapi-document.test.ts`).toBe(true);
        expect(readFileSync(test, 'utf8')).toContain('describeAsyncApiDocument(');
      },
      IMPORT_TIMEOUT_MS,
    );
  },
);
