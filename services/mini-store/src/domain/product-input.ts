import { BadRequestError } from '@repo/common';
import { findNameProblem } from './field-names.js';
import { CREATE_FIELDS, type NewProduct, type ProductChanges } from './product.js';

export const NOT_AN_OBJECT_MESSAGE = 'request body must be a JSON object';
export const ID_CHANGE_MESSAGE = 'invalid field name "_id": the id of a product cannot be changed';

function requireJsonObject(body: unknown): Record<string, unknown> {
  // Without a JSON content type Express leaves the body undefined; JSON arrays parse but are not objects.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestError(NOT_AN_OBJECT_MESSAGE);
  }
  return body as Record<string, unknown>;
}

function requireStorableNames(value: unknown, path: readonly string[], depth: number): void {
  const problem = findNameProblem(value, path, depth);
  if (problem !== null) throw new BadRequestError(problem);
}

/**
 * The product to insert: `name`, `price` and `quantity` when present in the body, values as sent
 * (the spec checks no types); every other key is ignored.
 */
export function readNewProduct(body: unknown): NewProduct {
  const fields = requireJsonObject(body);
  const product: NewProduct = {};
  for (const field of CREATE_FIELDS) {
    if (!Object.hasOwn(fields, field)) continue;
    const value = fields[field];
    requireStorableNames(value, [field], 2);
    product[field] = value;
  }
  return product;
}

/**
 * The changes a PATCH body asks for: every key with its value, unchecked in type (spec rule 2),
 * but refused when a name would reach MongoDB as an operator or path, or would replace `_id`.
 * An empty object is a valid request that changes nothing.
 */
export function readProductChanges(body: unknown): ProductChanges {
  const changes = requireJsonObject(body);
  if (Object.hasOwn(changes, '_id')) throw new BadRequestError(ID_CHANGE_MESSAGE);
  requireStorableNames(changes, [], 1);
  // The parsed body itself is returned: copying it key by key would turn a `__proto__` key into a prototype.
  return changes;
}
