import { z } from 'zod';
import { BadRequestError, inputReader, objectIdSchema, type InputReader } from '@repo/common';
import { PRODUCT_DEFAULTS, type NewProduct, type ProductChanges } from '../domain/product.js';
import { productNotFound } from './errors.js';

export const NOT_AN_OBJECT_MESSAGE = 'request body must be a JSON object';
export const LOW_STOCK_MESSAGE = "lowStock must be 'true' when given";

/** A field as sent, of any JSON type (the spec asks for no type checks); absent stays absent. */
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
 * POST takes the six fields, any subset, and completes them with the defaults. A zod object keeps
 * only the keys it names, so `id`, `_id` and every other key are dropped; it builds a new object
 * from those names alone, so a `__proto__` key in the body never becomes a prototype.
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

/**
 * `?lowStock=true` asks for products low on stock; no parameter lists everything. Any other value
 * (`false`, empty, repeated) is refused rather than guessed at. Other parameters are ignored.
 */
export const productListQuerySchema = z.object({
  lowStock: z.literal('true').optional().meta({
    description:
      'Only products whose quantity is a number below LOW_STOCK_THRESHOLD (default 5). Any other value is a 400.',
  }),
});

/** Ids are the 24 lowercase hex characters the service hands out; anything else names no product. */
export const readProductId = inputReader(objectIdSchema, (_error, id) =>
  productNotFound(String(id)),
);

export const readProductListQuery = inputReader(
  productListQuerySchema.transform(({ lowStock }) => ({ lowStockOnly: lowStock !== undefined })),
  () => new BadRequestError(LOW_STOCK_MESSAGE),
);

/** The only thing a body can get wrong is not being a JSON object; the fields take any value. */
function rejectBody(): BadRequestError {
  return new BadRequestError(NOT_AN_OBJECT_MESSAGE);
}

export const readNewProduct: InputReader<NewProduct> = inputReader(newProductSchema, rejectBody);
export const readProductChanges: InputReader<ProductChanges> = inputReader(
  productChangesSchema,
  rejectBody,
);
