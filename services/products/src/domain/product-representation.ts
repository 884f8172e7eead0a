import { PRODUCT_DEFAULTS, PRODUCT_FIELDS, type Product, type ProductDocument } from './product.js';

/**
 * The one place a stored document becomes what clients see. Fields are copied by name, so
 * `_id` and anything else in the record never reach a response. A field absent from the record
 * (only possible for records written around this service) reads as its default, so the
 * representation is always complete; a stored `null` stays `null`, as it was sent.
 */
export function toProductRepresentation(document: ProductDocument): Product {
  const product: Product = { id: document._id.toHexString(), ...PRODUCT_DEFAULTS };
  for (const field of PRODUCT_FIELDS) {
    const value: unknown = document[field];
    if (value !== undefined) product[field] = value;
  }
  return product;
}
