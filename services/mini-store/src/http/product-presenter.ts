import type { ProductRecord } from '../domain/product.js';

/** Every stored field, `_id` as hex text, but not the count of writes (clients see the ETag). */
export interface ProductView {
  _id: string;
  [field: string]: unknown;
}

export function presentProduct({ _id, _version: _, ...fields }: ProductRecord): ProductView {
  return { _id: _id.toHexString(), ...fields };
}
