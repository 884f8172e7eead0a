import {
  BadRequestError,
  ifMatchAllows,
  PreconditionFailedError,
  storedVersion,
  type IfMatch,
} from '@repo/common';
import type { ObjectId } from 'mongodb';
import type { ProductChanges, ProductRecord } from './product.js';
import {
  NEGATIVE_PRICE_MESSAGE,
  requiresStoredPriceGuard,
  sentValueViolation,
} from './patch-rules.js';

/** What patching needs from storage (the products repository provides it). */
export interface PatchStore {
  exists(id: ObjectId): Promise<boolean>;
  findById(id: ObjectId): Promise<ProductRecord | null>;
  updateGuarded(
    id: ObjectId,
    changes: ProductChanges,
    options: { storedPriceNotNegative: boolean; ifMatch?: IfMatch | undefined },
  ): Promise<ProductRecord | null>;
}

/**
 * Applies a PATCH in the order the spec gives: existence first, then the business rules, and
 * nothing is written unless every rule holds. Null means no product has the id.
 *
 * Rules on the sent values are checked up front; the rule on the stored price travels inside
 * the update's filter, so checking it and writing are one atomic step and no concurrent PATCH
 * can slip in between. So does the condition of `If-Match` on the stored version: of two
 * requests holding the same ETag, only the first writes, and the other gets a 412.
 */
export async function patchProduct(
  store: PatchStore,
  id: ObjectId,
  changes: ProductChanges,
  ifMatch?: IfMatch,
): Promise<ProductRecord | null> {
  const violation = sentValueViolation(changes);
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
  const storedPriceNotNegative = requiresStoredPriceGuard(changes);
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
