import { BadRequestError } from '@repo/common';
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
  updateGuarded(
    id: ObjectId,
    changes: ProductChanges,
    options: { storedPriceNotNegative: boolean },
  ): Promise<ProductRecord | null>;
}

/**
 * Applies a PATCH in the order the spec gives: existence first, then the business rules, and
 * nothing is written unless every rule holds. Null means no product has the id.
 *
 * Rules on the sent values are checked up front; the rule on the stored price travels inside
 * the update's filter, so checking it and writing are one atomic step and no concurrent PATCH
 * can slip in between.
 */
export async function patchProduct(
  store: PatchStore,
  id: ObjectId,
  changes: ProductChanges,
): Promise<ProductRecord | null> {
  const violation = sentValueViolation(changes);
  if (violation !== null) {
    if (!(await store.exists(id))) return null;
    throw new BadRequestError(violation);
  }
  const storedPriceNotNegative = requiresStoredPriceGuard(changes);
  const updated = await store.updateGuarded(id, changes, { storedPriceNotNegative });
  if (updated !== null || !storedPriceNotNegative) return updated;
  // Nothing matched the guarded filter: either the product is gone or its stored price is below 0.
  if (!(await store.exists(id))) return null;
  throw new BadRequestError(NEGATIVE_PRICE_MESSAGE);
}
