import type { ApiDocument } from '../openapi/api-document.js';
import { templatePattern } from '../http/route-index.js';

interface Schema {
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
}

interface MediaType {
  example?: unknown;
  schema?: Schema;
}

const JSON_TYPE = 'application/json';

/** The node a local `$ref` (`#/components/...`) points to, or the node itself. */
function resolved<T>(document: ApiDocument, node: unknown): T | undefined {
  const ref = (node as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string') return node as T | undefined;
  let found: unknown = document;
  for (const token of ref.replace(/^#\//, '').split('/')) {
    found = (found as Record<string, unknown> | undefined)?.[
      token.replace(/~1/g, '/').replace(/~0/g, '~')
    ];
  }
  return found as T | undefined;
}

/** A value its schema fixes: an `enum` of one value, or a `const`. */
function isFixed(schema: Schema | undefined): boolean {
  return schema?.const !== undefined || schema?.enum?.length === 1;
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`);

/**
 * The JSON body the document shows as the example of `status` for `method path` (a path as sent,
 * matched against the document's templates), as a pattern of the body's whole text: the example
 * to the letter, keys in its order, except that a top-level text its schema leaves free (a request
 * id) stands for any non-empty text.
 */
export function documentedAnswerPattern(
  document: ApiDocument,
  method: string,
  path: string,
  status: number,
): RegExp {
  const what = `${method.toUpperCase()} ${path} ${status}`;
  const item = Object.entries(document.paths ?? {}).find(([template]) =>
    templatePattern(template).test(path),
  )?.[1] as Record<string, { responses?: Record<string, unknown> } | undefined> | undefined;
  const response = resolved<{ content?: Record<string, MediaType> }>(
    document,
    item?.[method.toLowerCase()]?.responses?.[String(status)],
  );
  const media = response?.content?.[JSON_TYPE];
  const example = media?.example;
  if (typeof example !== 'object' || example === null || Array.isArray(example))
    throw new Error(`the document shows no JSON object as the example of ${what}`);
  const properties = resolved<Schema>(document, media?.schema)?.properties ?? {};
  const FREE = '\u0000free\u0000';
  const shape = Object.fromEntries(
    Object.entries(example).map(([key, value]) => [
      key,
      typeof value === 'string' && !isFixed(resolved<Schema>(document, properties[key]))
        ? FREE
        : value,
    ]),
  );
  const source = escaped(JSON.stringify(shape)).replaceAll(
    escaped(JSON.stringify(FREE)),
    '"[^"]+"',
  );
  return new RegExp(`^${source}$`);
}
