import type { MenuRepository } from '../data/menu-repository.js';
import type { OrdersRepository } from '../data/orders-repository.js';
import type { NewOrder, OrderItemRecord, OrderRecord } from './order.js';
import { INITIAL_ORDER_STATUS } from './order-status.js';
import { listOrderProblems, menuIdsToLookUp, type OrderRequest } from './order-request.js';

export interface PlaceOrderDeps {
  menu: MenuRepository;
  orders: OrdersRepository;
  /** The time an order is placed. */
  clock: () => Date;
}

export type PlaceOrderResult = { ok: true; order: OrderRecord } | { ok: false; problems: string[] };

/** The items to store, or null when one of them names no menu item. */
function itemRecordsOf(request: OrderRequest): OrderItemRecord[] | null {
  const records: OrderItemRecord[] = [];
  for (const { choice } of request.items) {
    if (!choice?.id) return null;
    records.push({ menuItemId: choice.id, toppings: choice.toppings });
  }
  return records;
}

/**
 * POST /orders once the token was accepted: checks the request against the menu (every menu item
 * it names, in one query) and stores the order. When anything is wrong, nothing is stored and the
 * result lists every problem.
 */
export async function placeOrder(
  request: OrderRequest,
  { menu, orders, clock }: PlaceOrderDeps,
): Promise<PlaceOrderResult> {
  const menuItems = await menu.findByIds(menuIdsToLookUp(request.items));
  const problems = listOrderProblems(request, menuItems);
  if (problems.length > 0) return { ok: false, problems };

  const items = itemRecordsOf(request);
  // Unreachable once no problem was found; kept so that a broken reference is never stored.
  if (request.customerName === null || items === null) throw new Error('order is incomplete');
  const order: NewOrder = {
    customerName: request.customerName,
    items,
    status: INITIAL_ORDER_STATUS,
    createdAt: clock(),
  };
  return { ok: true, order: await orders.create(order) };
}
