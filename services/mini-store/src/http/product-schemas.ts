import { z } from 'zod';
import {
  BadRequestError,
  inputReader,
  isJsonObject,
  NOT_A_JSON_OBJECT_MESSAGE,
  VERSION_FIELD,
  type InputRejection,
} from '@repo/common';
import { objectIdSchema } from '@repo/common/mongo';
import { CREATE_FIELDS, type NewProduct, type ProductChanges } from '../domain/product.js';

export const MALFORMED_ID_MESSAGE = 'id must be 24 hexadecimal characters';
export const ID_CHANGE_MESSAGE = 'invalid field name "_id": the id of a product cannot be changed';
export const VERSION_CHANGE_MESSAGE = `invalid field name "${VERSION_FIELD}": the service counts the writes of a product there`;

/** Its keys have passed common's JSON guard (see the README); common's body rules made it an object. */
const jsonObject = z
  .custom<Record<string, unknown>>(isJsonObject, NOT_A_JSON_OBJECT_MESSAGE)
  .meta({ type: 'object' });

/** Values as sent: the README promises no type checks. */
export const newProductSchema = jsonObject.transform((body) => {
  const product: NewProduct = {};
  for (const field of CREATE_FIELDS) if (Object.hasOwn(body, field)) product[field] = body[field];
  return product;
});

/** PATCH sets every key as sent (any name), but never `_id`, nor the version the ETag shows. */
export const productChangesSchema = jsonObject.superRefine((changes: ProductChanges, context) => {
  if (Object.hasOwn(changes, '_id'))
    context.addIssue({ code: 'custom', message: ID_CHANGE_MESSAGE });
  if (Object.hasOwn(changes, VERSION_FIELD))
    context.addIssue({ code: 'custom', message: VERSION_CHANGE_MESSAGE });
});

const rejectAsBadRequest: InputRejection = (error) =>
  new BadRequestError(error.issues[0]?.message ?? NOT_A_JSON_OBJECT_MESSAGE);

/** The README's id check: anything but 24 lowercase hex characters is a 400. */
export const readProductId = inputReader(
  objectIdSchema,
  () => new BadRequestError(MALFORMED_ID_MESSAGE),
);
export const readNewProduct = inputReader(newProductSchema, rejectAsBadRequest);
export const readProductChanges = inputReader(productChangesSchema, rejectAsBadRequest);
