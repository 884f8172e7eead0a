import { ValidationError } from '@repo/common';
import { ObjectId } from 'mongodb';
import type { MenuRepository } from '../data/menu-repository.js';
import type { OrderItemRecord, OrderRecord, OrdersRepository } from '../data/orders-repository.js';
import { parseId } from './ids.js';
import { INITIAL_ORDER_STATUS } from './order-status.js';
import {
  collectOrderProblems,
  menuIdsToLookUp,
  readOrderRequest,
  type DraftOrder,
} from './order-request.js';

export interface PlaceOrderDeps {
  menu: MenuRepository;
  orders: OrdersRepository;
  clock: () => Date;
}

function toItemRecords(draft: DraftOrder): OrderItemRecord[] {
  return draft.items.map((item) => {
    const menuItemId = item.menuItemId === null ? null : parseId(item.menuItemId);
    // Unreachable once validation passed; kept so a future change cannot store a broken reference.
    if (menuItemId === null) throw new Error('order item without a valid menuItemId');
    return { menuItemId, toppings: item.toppings };
  });
}

/**
 * Validates a POST /orders body against its shape and the menu (all referenced menu items in one
 * query) and stores the order. Throws a ValidationError listing every problem; nothing is stored
 * then.
 */
export async function placeOrder(body: unknown, deps: PlaceOrderDeps): Promise<OrderRecord> {
  const draft = readOrderRequest(body);
  const menuItems = await deps.menu.findByIds(menuIdsToLookUp(draft));
  const problems = collectOrderProblems(draft, menuItems);
  if (problems.length > 0 || draft.customerName === null) throw new ValidationError(problems);

  const order: OrderRecord = {
    _id: new ObjectId(),
    customerName: draft.customerName,
    items: toItemRecords(draft),
    status: INITIAL_ORDER_STATUS,
    createdAt: deps.clock(),
  };
  await deps.orders.insert(order);
  return order;
}
