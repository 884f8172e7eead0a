import { z } from 'zod';
import {
  BadRequestError,
  inputReader,
  isJsonObject,
  objectIdSchema,
  type InputRejection,
} from '@repo/common';
import { findNameProblem } from '../domain/field-names.js';
import { CREATE_FIELDS, type NewProduct, type ProductChanges } from '../domain/product.js';

export const MALFORMED_ID_MESSAGE = 'id must be 24 hexadecimal characters';
export const NOT_AN_OBJECT_MESSAGE = 'request body must be a JSON object';
export const ID_CHANGE_MESSAGE = 'invalid field name "_id": the id of a product cannot be changed';

/**
 * The body itself when it is a JSON object, never a copy: copying a parsed body key by key would
 * turn a `__proto__` key into a prototype before the name check could refuse it. Without a JSON
 * content type Express leaves the body undefined, which is no object either.
 */
const jsonObject = z
  .custom<Record<string, unknown>>(isJsonObject, NOT_AN_OBJECT_MESSAGE)
  .meta({ type: 'object' });

/** Refuses any name MongoDB would read as an operator or a path, at every depth (field-names.ts). */
function storableNames<T extends object>(value: T, context: z.RefinementCtx<T>): void {
  const problem = findNameProblem(value, [], 1);
  if (problem !== null) context.addIssue({ code: 'custom', message: problem });
}

/** Create takes `name`, `price` and `quantity` when present, values as sent (no type checks). */
export const newProductSchema = jsonObject
  .transform((body) => {
    const product: NewProduct = {};
    for (const field of CREATE_FIELDS) if (Object.hasOwn(body, field)) product[field] = body[field];
    return product;
  })
  .superRefine(storableNames);

/** PATCH sets every key as sent (spec rule 2), but never `_id` and never an unsafe name. */
export const productChangesSchema = jsonObject.superRefine((changes: ProductChanges, context) => {
  if (Object.hasOwn(changes, '_id'))
    context.addIssue({ code: 'custom', message: ID_CHANGE_MESSAGE });
  else storableNames(changes, context);
});

const rejectAsBadRequest: InputRejection = (error) =>
  new BadRequestError(error.issues[0]?.message ?? NOT_AN_OBJECT_MESSAGE);

/** The optional id check of spec rule 4: anything but 24 lowercase hex characters is a 400. */
export const readProductId = inputReader(
  objectIdSchema,
  () => new BadRequestError(MALFORMED_ID_MESSAGE),
);
export const readNewProduct = inputReader(newProductSchema, rejectAsBadRequest);
export const readProductChanges = inputReader(productChangesSchema, rejectAsBadRequest);
