import { z } from 'zod';
import {
  BadRequestError,
  inputReader,
  NOT_A_JSON_OBJECT_MESSAGE,
  type InputReader,
} from '@repo/common';
import { objectIdSchema } from '@repo/common/mongo';
import { PRODUCT_DEFAULTS, type NewProduct, type ProductChanges } from '../domain/product.js';
import { productNotFound } from './errors.js';

export const LOW_STOCK_MESSAGE = "lowStock must be 'true' when given";

/** A field as sent, of any JSON type (the README promises no type checks); absent stays absent. */
const sentField = z
  .unknown()
  .optional()
  .meta({ description: 'Any JSON value, stored as sent; left unchanged when absent.' });

/** A field as sent, or its default when the body leaves it out; a sent `null` stays `null`. */
function sentOrDefault(value: unknown) {
  return z
    .unknown()
    .default(value)
    .meta({
      description: `Any JSON value, stored as sent (no type check); ${JSON.stringify(value)} when absent.`,
    });
}

/**
 * Any subset of the six fields, completed with the defaults. A zod object builds a new object of
 * the keys it names alone, so `id`, `_id` and `__proto__` never get through.
 */
export const newProductSchema = z.object({
  modelName: sentOrDefault(PRODUCT_DEFAULTS.modelName),
  modelNumber: sentOrDefault(PRODUCT_DEFAULTS.modelNumber),
  manufacturer: sentOrDefault(PRODUCT_DEFAULTS.manufacturer),
  color: sentOrDefault(PRODUCT_DEFAULTS.color),
  price: sentOrDefault(PRODUCT_DEFAULTS.price),
  quantity: sentOrDefault(PRODUCT_DEFAULTS.quantity),
});

/** PATCH takes only the six fields that were sent; `id`, `_id` and other keys are dropped. */
export const productChangesSchema = z.object({
  modelName: sentField,
  modelNumber: sentField,
  manufacturer: sentField,
  color: sentField,
  price: sentField,
  quantity: sentField,
});

/** Any other `lowStock` (`false`, empty, repeated) is refused rather than guessed at. */
export const productListQuerySchema = z.object({
  lowStock: z.literal('true').optional().meta({
    description:
      'Only products whose quantity is a number below LOW_STOCK_THRESHOLD (default 5). Any other value is a 400.',
  }),
});

/** Anything but an id as the service hands them out names no product. */
export const readProductId = inputReader(objectIdSchema, (_error, id) =>
  productNotFound(String(id)),
);

export const readProductListQuery = inputReader(
  productListQuerySchema.transform(({ lowStock }) => ({ lowStockOnly: lowStock !== undefined })),
  () => new BadRequestError(LOW_STOCK_MESSAGE),
);

/** The only thing a body can get wrong is not being a JSON object; the fields take any value. */
function rejectBody(): BadRequestError {
  return new BadRequestError(NOT_A_JSON_OBJECT_MESSAGE);
}

export const readNewProduct: InputReader<NewProduct> = inputReader(newProductSchema, rejectBody);
export const readProductChanges: InputReader<ProductChanges> = inputReader(
  productChangesSchema,
  rejectBody,
);
