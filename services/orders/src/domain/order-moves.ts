import { ifMatchAllows, storedVersion, type IfMatch } from '@repo/common';
import type { ObjectId } from 'mongodb';
import type { OrdersRepository } from '../data/orders-repository.js';
import { requiredPreviousStatus, type OrderRecord, type OrderStatus } from './order.js';

/** Why a conditional write did not apply, judged on the order as it is now. */
export type Refusal =
  | { outcome: 'not-found' }
  | { outcome: 'precondition-failed' }
  | { outcome: 'refused'; current: OrderStatus };

/** A version `If-Match` does not name is the answer (412) before the status: it is judged first. */
async function refusal(
  id: ObjectId,
  orders: OrdersRepository,
  ifMatch?: IfMatch,
): Promise<Refusal> {
  const current = await orders.findById(id);
  if (current === null) return { outcome: 'not-found' };
  if (!ifMatchAllows(ifMatch, storedVersion(current))) return { outcome: 'precondition-failed' };
  return { outcome: 'refused', current: current.status };
}

/**
 * Moves an order to `target` when that is its next step. The update is conditional on the status
 * the move starts from (and on the version `If-Match` names), so of two racing moves exactly one
 * moves the order and the other finds it moved (refused).
 */
export async function changeOrderStatus(
  id: ObjectId,
  target: OrderStatus,
  orders: OrdersRepository,
  at: Date,
  ifMatch?: IfMatch,
): Promise<{ outcome: 'moved'; order: OrderRecord } | Refusal> {
  const from = requiredPreviousStatus(target);
  const moved = from === null ? null : await orders.moveStatus(id, from, target, at, ifMatch);
  return moved === null ? refusal(id, orders, ifMatch) : { outcome: 'moved', order: moved };
}

/**
 * Cancels an order while it is pending. The write is conditional on that status, so a cancel
 * racing a move to `in-progress` either cancels the order first or finds it moved: never both.
 */
export async function cancelOrder(
  id: ObjectId,
  orders: OrdersRepository,
  at: Date,
  ifMatch?: IfMatch,
): Promise<{ outcome: 'cancelled' } | Refusal> {
  if (await orders.cancelIfStatus(id, 'pending', at, ifMatch)) return { outcome: 'cancelled' };
  return refusal(id, orders, ifMatch);
}
