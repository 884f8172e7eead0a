import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { acceptHeaderName } from '../http/request-body.js';
import type { ApiDocument } from './api-document.js';

/** The extension that marks an operation whose own rule answers a JSON body that is no object. */
export const READS_NON_OBJECT_BODIES = 'x-reads-non-object-bodies';

export const ALLOW_HEADER_REF = { Allow: { $ref: '#/components/headers/Allow' } };

/** The headers with which the answers of docs/error-answers.md name what a route would take. */
export function registerBodyAnswerHeaders(registry: OpenAPIRegistry): void {
  registry.registerComponent('headers', 'Allow', {
    description:
      'On a 404 for a path that has routes, but none for this method: the methods it has (RFC 9110 10.2.1).',
    schema: { type: 'string' },
    example: 'DELETE, GET, HEAD, PATCH',
  });
  for (const name of ['Accept', 'Accept-Post', 'Accept-Patch']) {
    registry.registerComponent('headers', name, {
      description:
        'The media types the operation reads its body in, named on a 415 (RFC 9110 15.5.16).',
      schema: { type: 'string' },
      example: 'application/json',
    });
  }
}

/** Adds `Accept`, and `Accept-Post` or `Accept-Patch`, to each 415 of an operation with a body. */
export function addAcceptHeaders(document: ApiDocument): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      const response = operation?.responses?.['415'] as Record<string, unknown> | undefined;
      if (operation?.requestBody === undefined || response === undefined || '$ref' in response)
        continue;
      const names = ['Accept', acceptHeaderName(method.toUpperCase())].filter(
        (name) => name !== undefined,
      );
      response.headers = {
        ...(response.headers as object | undefined),
        ...Object.fromEntries(
          names.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
        ),
      };
    }
  }
}
