import type { ObjectId } from 'mongodb';
import type { OrdersRepository } from '../data/orders-repository.js';
import { INITIAL_ORDER_STATUS, type OrderStatus } from './order-status.js';

export type Cancellation =
  | { outcome: 'cancelled' }
  | { outcome: 'not-found' }
  | { outcome: 'refused'; current: OrderStatus };

/**
 * Removes an order while the kitchen has not started it. The delete is conditional on that status,
 * so a cancel racing a move to `in-progress` either removes the order before the move (which then
 * finds nothing) or finds it moved (refused): never both.
 */
export async function cancelOrder(id: ObjectId, orders: OrdersRepository): Promise<Cancellation> {
  if (await orders.removeIfStatus(id, INITIAL_ORDER_STATUS)) return { outcome: 'cancelled' };
  const current = await orders.findById(id);
  if (current === null) return { outcome: 'not-found' };
  return { outcome: 'refused', current: current.status };
}
