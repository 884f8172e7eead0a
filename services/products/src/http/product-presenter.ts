import {
  PRODUCT_DEFAULTS,
  PRODUCT_FIELDS,
  type ProductFields,
  type ProductRecord,
} from '../domain/product.js';

/**
 * Fields are copied by name, so `_id` and anything else in the record never reach a response. A
 * field absent from the record (written around this service) reads as its default; a stored
 * `null` stays `null`, as it was sent.
 */
export function presentProduct(record: ProductRecord): ProductFields & { id: string } {
  const product = { id: record._id.toHexString(), ...PRODUCT_DEFAULTS };
  for (const field of PRODUCT_FIELDS) {
    const value: unknown = record[field];
    if (value !== undefined) product[field] = value;
  }
  return product;
}
