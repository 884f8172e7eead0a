import { describe, expect, it } from 'vitest';
import type { ApiDocument } from '../openapi/api-document.js';
import { committedDocumentDrift } from './document-drift.js';
import { openApiSchemaProblems } from './openapi-validity.js';

/**
 * The tests every service's OpenAPI document passes: it is valid OpenAPI 3.1, and the committed
 * `openapi.json` in `serviceDir` is exactly what the code generates. The routes and the document
 * come from the same declarations, so the committed file is the only thing that can drift.
 */
export function describeApiDocument(serviceDir: string, document: ApiDocument): void {
  describe('the OpenAPI document', () => {
    it('when it is checked against the OpenAPI 3.1 schema, then it is valid', async () => {
      expect(await openApiSchemaProblems(document)).toEqual([]);
    });

    it('when the committed openapi.json is read, then it is exactly what the code generates', async () => {
      expect(await committedDocumentDrift(serviceDir, document)).toBeUndefined();
    });
  });
}
