import type { ProductChanges } from './product.js';

export const NEGATIVE_PRICE_MESSAGE = 'price cannot be negative';
export const NEGATIVE_QUANTITY_MESSAGE = 'quantity cannot be negative';

/**
 * Only numbers can be below 0. Values of other types pass, because the service stores what it is
 * sent without type checks (spec: creation performs no type validation), and MongoDB's `$lt: 0`
 * likewise matches numbers only, so the sent-value check and the stored-value guard agree.
 */
export function isNegativeNumber(value: unknown): boolean {
  return typeof value === 'number' && value < 0;
}

/**
 * The rules a PATCH breaks by the values it sends, checked before anything is written. The rule
 * on the stored price (when no price is sent) depends on the record and is enforced atomically by
 * the update itself; see `requiresStoredPriceGuard`.
 */
export function sentValueViolation(changes: ProductChanges): string | null {
  if (isNegativeNumber(changes.price)) return NEGATIVE_PRICE_MESSAGE;
  if (isNegativeNumber(changes.quantity)) return NEGATIVE_QUANTITY_MESSAGE;
  return null;
}

/** Without a price in the PATCH, the price the product keeps must itself not be below 0. */
export function requiresStoredPriceGuard(changes: ProductChanges): boolean {
  return !Object.hasOwn(changes, 'price');
}
