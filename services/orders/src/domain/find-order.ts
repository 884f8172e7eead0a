import { NotFoundError } from '@repo/common';
import type { OrderRecord, OrdersRepository } from '../data/orders-repository.js';
import { parseId } from './ids.js';

export function orderNotFoundMessage(idText: string): string {
  return `Order ${idText} not found`;
}

export async function findOrder(idText: string, orders: OrdersRepository): Promise<OrderRecord> {
  const id = parseId(idText);
  const order = id === null ? null : await orders.findById(id);
  if (order === null) throw new NotFoundError(orderNotFoundMessage(idText));
  return order;
}
