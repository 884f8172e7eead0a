import type { ObjectId } from 'mongodb';

/**
 * A product as stored. Only `_id` is guaranteed: create stores whichever of the three fields were
 * sent, and PATCH may store any other key with any JSON value, as the README says.
 */
export interface ProductRecord {
  _id: ObjectId;
  /** The count of its writes, which the ETag shows; absent on a product never changed. */
  _version?: number;
  name?: unknown;
  price?: unknown;
  quantity?: unknown;
  [field: string]: unknown;
}

/** A field that was not sent is absent. */
export interface NewProduct {
  name?: unknown;
  price?: unknown;
  quantity?: unknown;
}

/** Keys and JSON values to set on a stored product, as PATCH received them. */
export type ProductChanges = Record<string, unknown>;

export const CREATE_FIELDS = ['name', 'price', 'quantity'] as const;
