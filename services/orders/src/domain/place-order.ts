import type { MenuRepository } from '../data/menu-repository.js';
import type { OrdersRepository } from '../data/orders-repository.js';
import type { MenuItemRecord } from './menu-item.js';
import type { NewOrder, OrderItemRecord, OrderRecord } from './order.js';
import {
  listOrderProblems,
  menuIdsToLookUp,
  type MenuChoice,
  type OrderRequest,
} from './order-request.js';

export interface PlaceOrderDeps {
  menu: MenuRepository;
  orders: OrdersRepository;
  clock: () => Date;
}

export type PlaceOrderResult = { ok: true; order: OrderRecord } | { ok: false; problems: string[] };

/**
 * One line priced from the menu item as it is now: the size asked for (or the first), the crust
 * asked for (or the first, or none), the size's price plus each topping's. `listOrderProblems`
 * found nothing, so every name the choice holds is on the item.
 */
function sellItem(menuItem: MenuItemRecord, choice: MenuChoice): OrderItemRecord {
  const size = menuItem.sizes.find((offered) => offered.name === choice.size) ?? menuItem.sizes[0];
  if (size === undefined) throw new Error(`menu item ${menuItem.name} has no size`);
  const toppingsPrice = choice.toppings.reduce(
    (sum, name) => sum + (menuItem.toppings.find((offered) => offered.name === name)?.price ?? 0),
    0,
  );
  const unitPrice = size.price + toppingsPrice;
  return {
    menuItemId: menuItem._id,
    size: size.name,
    crust: choice.crust ?? menuItem.crusts[0] ?? null,
    toppings: choice.toppings,
    quantity: choice.quantity,
    unitPrice,
    lineTotal: unitPrice * choice.quantity,
  };
}

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
 * Checks the request against the menu (in one query) and prices it from that same read; when
 * anything is wrong, nothing is stored and every problem is listed. Client prices are never read.
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
    status: 'pending',
    createdAt: clock(),
  };
  return { ok: true, order: await orders.create(order) };
}
