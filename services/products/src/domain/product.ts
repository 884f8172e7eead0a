import type { Versioned } from '@repo/common';
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
 * Field values are whatever JSON the client sent: creation performs no type or
 * range validation, so a string price is stored and returned as a string.
 */
export type ProductFields = Record<ProductField, unknown>;

/** With the count of its writes (its ETag); `_id` is added by the driver. */
export type StoredProduct = ProductFields & Versioned;

export interface ProductRecord extends StoredProduct {
  _id: ObjectId;
}

/** Always complete: defaults are applied before it is stored. */
export type NewProduct = ProductFields;

/** The fields a PATCH sent; a field that was not sent is absent, never `undefined`. */
export type ProductChanges = Partial<ProductFields>;

export const PRODUCT_DEFAULTS: Readonly<ProductFields> = {
  modelName: '',
  modelNumber: '',
  manufacturer: '',
  color: '',
  price: 0,
  quantity: 0,
};
