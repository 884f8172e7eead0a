import type { ApiDocument } from './api-document.js';

/**
 * The largest request head (request line and headers) a service reads: Node's default
 * `maxHeaderSize`, which `createAppServer` sets explicitly so that no `--max-http-header-size`
 * raises it. A longer head is answered 431 before any route runs, so no path segment, query value
 * or header is longer than this.
 */
export const REQUEST_HEAD_LIMIT = 16_384;

/**
 * The largest JSON or form body a service reads (`BODY_LIMIT`, 100 kB); a longer one is answered
 * 413. No text in a body is longer, in characters, than the body is in bytes.
 */
export const BODY_TEXT_LIMIT = 102_400;

/**
 * The longest text a service answers: what it answers comes from the request (bounded above),
 * from its own messages, or from a stored document, which MongoDB keeps under 16 MiB whoever wrote
 * it (the orders menu, for one, is managed in the database, not through the API).
 */
export const ANSWER_TEXT_LIMIT = 16 * 1024 * 1024;

/** A JSON array in a body needs at least two bytes per item (`1,`). */
const BODY_ARRAY_LIMIT = BODY_TEXT_LIMIT / 2;

/** What zod's `int()` accepts, and every integer a service computes: JavaScript's safe integers. */
const SAFE_INTEGER = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

type JsonSchema = Record<string, unknown>;

const isSchemaObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(schema: JsonSchema, type: string): boolean {
  const declared = schema.type;
  return declared === type || (Array.isArray(declared) && declared.includes(type));
}

interface Bounds {
  text: number;
  items?: number;
}

/**
 * States the bounds the transport enforces on every schema that states none of its own: a string
 * gets `maxLength` (unless it is an enum or a constant), an integer JavaScript's safe range and
 * `int64`, and an array in a request body `maxItems`. A bound the route's zod schema states is
 * kept: these only fill what zod leaves open. An array a service answers (a list) is left
 * unbounded, since nothing bounds it.
 */
function boundSchema(node: unknown, bounds: Bounds): void {
  if (Array.isArray(node)) {
    for (const item of node) boundSchema(item, bounds);
    return;
  }
  if (!isSchemaObject(node)) return;
  const fixed = 'enum' in node || 'const' in node;
  if (hasType(node, 'string') && !fixed && node.maxLength === undefined) {
    node.maxLength = bounds.text;
  }
  if (hasType(node, 'integer')) {
    node.format ??= 'int64';
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) {
      node.minimum = SAFE_INTEGER.minimum;
    }
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) {
      node.maximum = SAFE_INTEGER.maximum;
    }
  }
  if (hasType(node, 'array') && bounds.items !== undefined && node.maxItems === undefined) {
    node.maxItems = bounds.items;
  }
  // `example`s are values, not schemas.
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'example' && key !== 'examples') boundSchema(value, bounds);
  }
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Adds the transport's bounds (see `boundSchema`) to every schema of the document, in place. */
export function boundApiDocument(document: ApiDocument): void {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation: unknown = (pathItem as Record<string, unknown>)[method];
      if (!isSchemaObject(operation)) continue;
      boundSchema(operation.parameters, { text: REQUEST_HEAD_LIMIT });
      boundSchema(operation.requestBody, { text: BODY_TEXT_LIMIT, items: BODY_ARRAY_LIMIT });
      boundSchema(operation.responses, { text: ANSWER_TEXT_LIMIT });
    }
  }
  // Component schemas are what routes answer (a request body's schema is the route's own).
  boundSchema(document.components, { text: ANSWER_TEXT_LIMIT });
}
