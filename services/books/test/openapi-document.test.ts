import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  appRoutes,
  committedDocumentDrift,
  documentedRoutes,
  openApiSchemaProblems,
} from '@repo/common/testing';
import { apiDocument } from '../src/http/api-document.js';
import { buildApp } from './support.js';

const serviceDir = fileURLToPath(new URL('..', import.meta.url));
const document = apiDocument();

describe('the OpenAPI document', () => {
  it('when it is checked against the OpenAPI 3.1 schema, then it is valid', async () => {
    expect(await openApiSchemaProblems(document)).toEqual([]);
  });

  it('when the committed services/books/openapi.json is read, then it is exactly what the code generates', async () => {
    expect(await committedDocumentDrift(serviceDir, document)).toBeUndefined();
  });

  it('when it is compared with the routes the app registers, then it lists every one of them and no other', () => {
    // The app is only built, never asked anything, so its database is never reached.
    expect(documentedRoutes(document)).toEqual(appRoutes(buildApp().app));
  });
});
