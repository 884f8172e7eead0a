import { isJsonObject } from '../validation/json-object.js';
import type { ApiDocument } from './api-document.js';

/**
 * The largest request head a service reads (Node's default `maxHeaderSize`, set explicitly by
 * `createAppServer`): a longer one is a 431 before any route runs, which bounds every parameter.
 */
export const REQUEST_HEAD_LIMIT = 16_384;

/** `BODY_LIMIT` in bytes: a longer body, or one declared longer, is a 413. */
export const BODY_BYTE_LIMIT = 102_400;

/** No text in a body is longer in characters than the body is in bytes. */
export const BODY_TEXT_LIMIT = BODY_BYTE_LIMIT;

/**
 * The longest text a service answers: from the request, its own messages, or a stored document,
 * which MongoDB keeps under 16 MiB whoever wrote it (the orders menu is managed in the database).
 */
export const ANSWER_TEXT_LIMIT = 16 * 1024 * 1024;

/** A JSON array in a body needs at least two bytes per item (`1,`). */
const BODY_ARRAY_LIMIT = BODY_TEXT_LIMIT / 2;

/** What zod's `int()` accepts, and every integer a service computes. */
const SAFE_INTEGER = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

function hasType(schema: Record<string, unknown>, type: string): boolean {
  const declared = schema.type;
  return declared === type || (Array.isArray(declared) && declared.includes(type));
}

export interface Bounds {
  text: number;
  items?: number;
}

/**
 * States the transport's bounds on every schema that states none of its own (README, the API
 * document): `maxLength` on a string that is no enum or constant, the safe range and `int64` on
 * an integer, `maxItems` on an array in a request body (nothing bounds a list a service answers).
 */
export function boundSchema(node: unknown, bounds: Bounds): void {
  if (Array.isArray(node)) {
    for (const item of node) boundSchema(item, bounds);
    return;
  }
  if (!isJsonObject(node)) return;
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

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Every operation of the document's paths. */
export const operationsOf = (document: ApiDocument) =>
  Object.values(document.paths ?? {}).flatMap((pathItem) =>
    HTTP_METHODS.flatMap((method) => pathItem[method] ?? []),
  );

/** Adds the transport's bounds to every schema of the document, in place. */
export function boundApiDocument(document: ApiDocument): void {
  for (const operation of operationsOf(document)) {
    boundSchema(operation.parameters, { text: REQUEST_HEAD_LIMIT });
    boundSchema(operation.requestBody, { text: BODY_TEXT_LIMIT, items: BODY_ARRAY_LIMIT });
    boundSchema(operation.responses, { text: ANSWER_TEXT_LIMIT });
  }
  // Component schemas are what routes answer.
  boundSchema(document.components, { text: ANSWER_TEXT_LIMIT });
}
