import { Validator } from '@seriousme/openapi-schema-validator';
import type { ApiDocument } from '../openapi/api-document.js';

/**
 * One validator for every check in a process: it compiles the OpenAPI schema on its first use and
 * keeps it, where a new one per check compiled it again (about 0.2 s of CPU each time).
 */
let validator: Validator | undefined;

/**
 * What is wrong with a document by the OpenAPI 3.1 schema, one line per problem (the place in the
 * document, then the complaint); empty when it is valid.
 */
export async function openApiSchemaProblems(document: ApiDocument): Promise<string[]> {
  validator ??= new Validator();
  // The document as it is served and committed (JSON), and a copy the validator may change.
  const result = await validator.validate(
    JSON.parse(JSON.stringify(document)) as Record<string, unknown>,
  );
  if (result.valid) return [];
  const { errors = [] } = result;
  if (typeof errors === 'string') return [errors];
  return errors.map((error) => `${error.instancePath || '/'}: ${error.message ?? error.keyword}`);
}
