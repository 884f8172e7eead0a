import {
  PRODUCT_DEFAULTS,
  PRODUCT_FIELDS,
  type ProductFields,
  type ProductRecord,
} from '../domain/product.js';

/** The representation every response carries: `id` as 24 lowercase hex characters, no `_id`. */
export interface ProductView extends ProductFields {
  id: string;
}

/**
 * The one place a stored record becomes what clients see. Fields are copied by name, so `_id` and
 * anything else in the record never reach a response. A field absent from the record (only
 * possible for records written around this service) reads as its default, so the representation
 * is always complete; a stored `null` stays `null`, as it was sent.
 */
export function presentProduct(record: ProductRecord): ProductView {
  const product: ProductView = { id: record._id.toHexString(), ...PRODUCT_DEFAULTS };
  for (const field of PRODUCT_FIELDS) {
    const value: unknown = record[field];
    if (value !== undefined) product[field] = value;
  }
  return product;
}
