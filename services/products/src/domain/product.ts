import type { ObjectId } from 'mongodb';

/** The six fields a product stores; `id` is derived from `_id` and never stored or chosen. */
export const PRODUCT_FIELDS = [
  'modelName',
  'modelNumber',
  'manufacturer',
  'color',
  'price',
  'quantity',
] as const;

export type ProductField = (typeof PRODUCT_FIELDS)[number];

/**
 * Field values are whatever JSON the client sent: the spec says creation performs no type or
 * range validation, so a string price is stored and returned as a string.
 */
export type ProductFields = Record<ProductField, unknown>;

/** The record as stored in the `products` collection. */
export interface ProductDocument extends ProductFields {
  _id: ObjectId;
}

/** The representation every response carries: `id` as 24 lowercase hex characters, no `_id`. */
export interface Product extends ProductFields {
  id: string;
}

export const PRODUCT_DEFAULTS: Readonly<ProductFields> = {
  modelName: '',
  modelNumber: '',
  manufacturer: '',
  color: '',
  price: 0,
  quantity: 0,
};

/** The product fields present in a request body; every other key (`id`, `_id`, extras) is dropped. */
export function pickProductFields(body: Readonly<Record<string, unknown>>): Partial<ProductFields> {
  const picked: Partial<ProductFields> = {};
  for (const field of PRODUCT_FIELDS) {
    if (Object.hasOwn(body, field)) picked[field] = body[field];
  }
  return picked;
}

/** A complete product: the sent fields over the defaults, so a stored product is never partial. */
export function withDefaults(sent: Partial<ProductFields>): ProductFields {
  return { ...PRODUCT_DEFAULTS, ...sent };
}
