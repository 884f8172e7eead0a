export const ORDER_STATUSES = ['pending', 'in-progress', 'completed'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const INITIAL_ORDER_STATUS: OrderStatus = 'pending';

/**
 * The one status an order must be in to move to `target`, or null when no move leads there.
 * Orders only move forward, one step at a time; the required previous status doubles as the
 * condition of the database update, so two racing moves cannot both succeed.
 */
export function requiredPreviousStatus(target: OrderStatus): OrderStatus | null {
  const index = ORDER_STATUSES.indexOf(target);
  return index > 0 ? (ORDER_STATUSES[index - 1] ?? null) : null;
}
