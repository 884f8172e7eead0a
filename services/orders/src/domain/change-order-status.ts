import type { ObjectId } from 'mongodb';
import type { OrdersRepository } from '../data/orders-repository.js';
import type { OrderRecord } from './order.js';
import { requiredPreviousStatus, type OrderStatus } from './order-status.js';

export type StatusChange =
  | { outcome: 'moved'; order: OrderRecord }
  | { outcome: 'not-found' }
  | { outcome: 'refused'; current: OrderStatus };

/**
 * Moves an order to `target` when that is its next step. The update is conditional on the one
 * status the move must start from, so when two requests race for the same move exactly one moves
 * the order and the other finds it already moved (refused).
 */
export async function changeOrderStatus(
  id: ObjectId,
  target: OrderStatus,
  orders: OrdersRepository,
): Promise<StatusChange> {
  const from = requiredPreviousStatus(target);
  if (from !== null) {
    const moved = await orders.moveStatus(id, from, target);
    if (moved !== null) return { outcome: 'moved', order: moved };
  }
  const current = await orders.findById(id);
  if (current === null) return { outcome: 'not-found' };
  return { outcome: 'refused', current: current.status };
}
