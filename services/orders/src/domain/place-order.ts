import type { MenuRepository } from '../data/menu-repository.js';
import type { OrdersRepository } from '../data/orders-repository.js';
import type { MenuItemRecord } from './menu-item.js';
import type { NewOrder, OrderItemRecord, OrderRecord } from './order.js';
import { INITIAL_ORDER_STATUS } from './order-status.js';
import { listOrderProblems, menuIdsToLookUp, type OrderRequest } from './order-request.js';
import { sellItem } from './sell-item.js';

export interface PlaceOrderDeps {
  menu: MenuRepository;
  orders: OrdersRepository;
  /** The time an order is placed. */
  clock: () => Date;
}

export type PlaceOrderResult = { ok: true; order: OrderRecord } | { ok: false; problems: string[] };

/** The lines to store, or null when one of them names no menu item. */
function itemRecordsOf(
  request: OrderRequest,
  menuItems: readonly MenuItemRecord[],
): OrderItemRecord[] | null {
  const menuById = new Map(menuItems.map((item) => [item._id.toHexString(), item]));
  const records: OrderItemRecord[] = [];
  for (const { choice } of request.items) {
    const menuItem = choice === null ? undefined : menuById.get(choice.menuItemId);
    if (choice === null || menuItem === undefined) return null;
    records.push(sellItem(menuItem, choice));
  }
  return records;
}

/**
 * POST /orders once the token was accepted: checks the request against the menu (every menu item
 * it names, in one query), prices it from that same read of the menu and stores the order. When
 * anything is wrong, nothing is stored and the result lists every problem. Prices a client sends
 * are never read.
 */
export async function placeOrder(
  request: OrderRequest,
  { menu, orders, clock }: PlaceOrderDeps,
): Promise<PlaceOrderResult> {
  const menuItems = await menu.findByIds(menuIdsToLookUp(request.items));
  const problems = listOrderProblems(request, menuItems);
  if (problems.length > 0) return { ok: false, problems };

  const items = itemRecordsOf(request, menuItems);
  // Unreachable once no problem was found; kept so that a broken reference is never stored.
  if (request.customerName === null || items === null) throw new Error('order is incomplete');
  const order: NewOrder = {
    customerName: request.customerName,
    items,
    total: items.reduce((sum, item) => sum + item.lineTotal, 0),
    status: INITIAL_ORDER_STATUS,
    createdAt: clock(),
  };
  return { ok: true, order: await orders.create(order) };
}
