import { BadRequestError } from '@repo/common';

/**
 * `?lowStock=true` asks for products low on stock; no parameter lists everything. Any other value
 * (`false`, empty, repeated) is refused rather than guessed at.
 */
export function parseLowStockParameter(value: unknown): boolean {
  if (value === undefined) return false;
  if (value === 'true') return true;
  throw new BadRequestError("lowStock must be 'true' when given");
}
