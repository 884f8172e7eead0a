import { ifMatchAllows, storedVersion, type IfMatch } from '@repo/common';
import type { ObjectId } from 'mongodb';
import type { OrdersRepository } from '../data/orders-repository.js';
import type { OrderRecord } from './order.js';
import { requiredPreviousStatus, type OrderStatus } from './order-status.js';

export type StatusChange =
  | { outcome: 'moved'; order: OrderRecord }
  | { outcome: 'not-found' }
  | { outcome: 'precondition-failed' }
  | { outcome: 'refused'; current: OrderStatus };

/**
 * Moves an order to `target` when that is its next step. The update is conditional on the one
 * status the move must start from, so when two requests race for the same move exactly one moves
 * the order and the other finds it already moved (refused). `If-Match` adds the order's version
 * to that condition; when the version is not one it names, that is the answer (412), whatever the
 * move, since a precondition is judged before the request itself.
 */
export async function changeOrderStatus(
  id: ObjectId,
  target: OrderStatus,
  orders: OrdersRepository,
  ifMatch?: IfMatch,
): Promise<StatusChange> {
  const from = requiredPreviousStatus(target);
  if (from !== null) {
    const moved = await orders.moveStatus(id, from, target, ifMatch);
    if (moved !== null) return { outcome: 'moved', order: moved };
  }
  const current = await orders.findById(id);
  if (current === null) return { outcome: 'not-found' };
  if (!ifMatchAllows(ifMatch, storedVersion(current))) return { outcome: 'precondition-failed' };
  return { outcome: 'refused', current: current.status };
}
