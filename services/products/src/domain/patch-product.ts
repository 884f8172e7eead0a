import {
  BadRequestError,
  ifMatchAllows,
  PreconditionFailedError,
  storedVersion,
  type IfMatch,
} from '@repo/common';
import type { ObjectId } from 'mongodb';
import type { ProductsRepository } from '../data/products-repository.js';
import type { ProductChanges, ProductRecord } from './product.js';

export const NEGATIVE_PRICE_MESSAGE = 'price cannot be negative';
export const NEGATIVE_QUANTITY_MESSAGE = 'quantity cannot be negative';

export type PatchStore = Pick<ProductsRepository, 'exists' | 'findById' | 'updateGuarded'>;

/**
 * Only numbers can be below 0: the service stores other types unchecked, as its README says,
 * and MongoDB's `$lt: 0` matches numbers only, so the two checks below agree.
 */
function isNegativeNumber(value: unknown): boolean {
  return typeof value === 'number' && value < 0;
}

/**
 * Applies a PATCH in the order the README gives: existence first, then the rules, and nothing is
 * written unless every rule holds. Null means no product has the id.
 *
 * The sent values are checked up front. Without a price in the PATCH, the price the product keeps
 * must not be below 0: that rule travels inside the update's filter, so checking and writing are
 * one atomic step no concurrent PATCH can slip into. So does `If-Match`: of two requests holding
 * the same ETag, only the first writes, and the other gets a 412.
 */
export async function patchProduct(
  store: PatchStore,
  id: ObjectId,
  changes: ProductChanges,
  ifMatch?: IfMatch,
): Promise<ProductRecord | null> {
  const violation = isNegativeNumber(changes.price)
    ? NEGATIVE_PRICE_MESSAGE
    : isNegativeNumber(changes.quantity)
      ? NEGATIVE_QUANTITY_MESSAGE
      : null;
  if (violation !== null) {
    if (ifMatch === undefined) {
      if (!(await store.exists(id))) return null;
    } else {
      // A precondition is judged before the request's content (RFC 9110 13.2.2).
      const current = await store.findById(id);
      if (current === null) return null;
      if (!ifMatchAllows(ifMatch, storedVersion(current))) throw new PreconditionFailedError();
    }
    throw new BadRequestError(violation);
  }
  const storedPriceNotNegative = !Object.hasOwn(changes, 'price');
  const updated = await store.updateGuarded(id, changes, { storedPriceNotNegative, ifMatch });
  if (updated !== null || (!storedPriceNotNegative && ifMatch === undefined)) return updated;
  // Nothing matched the guarded filter: the product is gone, its version is not one `If-Match`
  // names, or its stored price is below 0. Without the price guard only the version can be it,
  // even if a later write has since brought the product to a version the header names.
  const current = await store.findById(id);
  if (current === null) return null;
  if (!storedPriceNotNegative || !ifMatchAllows(ifMatch, storedVersion(current))) {
    throw new PreconditionFailedError();
  }
  throw new BadRequestError(NEGATIVE_PRICE_MESSAGE);
}
