import type { MenuItemRecord } from './menu-item.js';
import type { OrderItemRecord } from './order.js';
import type { MenuChoice } from './order-request.js';

/**
 * One order line as sold, priced from the menu item as it is now: the size asked for (or the
 * first), the crust asked for (or the first, or none for an item without crusts), and a unit
 * price of the size's price plus each topping's. The choice has been checked against the item
 * (`listOrderProblems` found nothing), so every name it holds is on the item.
 */
export function sellItem(menuItem: MenuItemRecord, choice: MenuChoice): OrderItemRecord {
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
