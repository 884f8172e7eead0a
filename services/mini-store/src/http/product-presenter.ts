import type { ProductRecord } from '../domain/product.js';

/**
 * A product as the spec shows it: every stored field, with `_id` as its 24-character hex text,
 * but not the count of its writes, which clients see as the ETag.
 */
export interface ProductView {
  _id: string;
  [field: string]: unknown;
}

export function presentProduct({ _id, _version: _, ...fields }: ProductRecord): ProductView {
  return { _id: _id.toHexString(), ...fields };
}
