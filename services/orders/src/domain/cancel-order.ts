import { ifMatchAllows, storedVersion, type IfMatch } from '@repo/common';
import type { ObjectId } from 'mongodb';
import type { OrdersRepository } from '../data/orders-repository.js';
import { INITIAL_ORDER_STATUS, type OrderStatus } from './order-status.js';

export type Cancellation =
  | { outcome: 'cancelled' }
  | { outcome: 'not-found' }
  | { outcome: 'precondition-failed' }
  | { outcome: 'refused'; current: OrderStatus };

/**
 * Removes an order while the kitchen has not started it. The delete is conditional on that status,
 * so a cancel racing a move to `in-progress` either removes the order before the move (which then
 * finds nothing) or finds it moved (refused): never both. `If-Match` adds the order's version to
 * that condition, and a version it does not name is the answer (412) before the status.
 */
export async function cancelOrder(
  id: ObjectId,
  orders: OrdersRepository,
  ifMatch?: IfMatch,
): Promise<Cancellation> {
  if (await orders.removeIfStatus(id, INITIAL_ORDER_STATUS, ifMatch)) {
    return { outcome: 'cancelled' };
  }
  const current = await orders.findById(id);
  if (current === null) return { outcome: 'not-found' };
  if (!ifMatchAllows(ifMatch, storedVersion(current))) return { outcome: 'precondition-failed' };
  return { outcome: 'refused', current: current.status };
}
