import { ConflictError, NotFoundError, ValidationError } from '@repo/common';
import type { ObjectId } from 'mongodb';
import type { OrderRecord, OrdersRepository } from '../data/orders-repository.js';
import {
  ORDER_STATUSES,
  isOrderStatus,
  requiredPreviousStatus,
  type OrderStatus,
} from './order-status.js';
import { orderNotFoundMessage } from './find-order.js';
import { parseId } from './ids.js';

export const STATUS_PROBLEM = `status must be one of ${ORDER_STATUSES.join(', ')}`;

export function disallowedMoveMessage(id: ObjectId, from: OrderStatus, to: OrderStatus): string {
  return (
    `Order ${id.toHexString()} is ${from} and cannot move to ${to}; ` +
    `orders move only forward: ${ORDER_STATUSES.join(' -> ')}`
  );
}

function readTargetStatus(body: unknown): OrderStatus {
  const status =
    typeof body === 'object' && body !== null && 'status' in body ? body.status : undefined;
  if (!isOrderStatus(status)) throw new ValidationError([STATUS_PROBLEM]);
  return status;
}

/**
 * PATCH /orders/:id. Checks run in this order: body (400), order exists (404), move allowed (409).
 * The update is conditional on the one status the move must start from, so when two requests race
 * for the same move exactly one succeeds and the other finds the order already moved (409).
 */
export async function changeOrderStatus(
  idText: string,
  body: unknown,
  orders: OrdersRepository,
): Promise<OrderRecord> {
  const target = readTargetStatus(body);
  const id = parseId(idText);
  if (id === null) throw new NotFoundError(orderNotFoundMessage(idText));

  const from = requiredPreviousStatus(target);
  if (from !== null) {
    const moved = await orders.moveStatus(id, from, target);
    if (moved !== null) return moved;
  }
  const current = await orders.findById(id);
  if (current === null) throw new NotFoundError(orderNotFoundMessage(idText));
  throw new ConflictError(disallowedMoveMessage(id, current.status, target));
}
