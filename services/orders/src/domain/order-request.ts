import type { ObjectId } from 'mongodb';
import type { MenuItemRecord } from './menu-item.js';

/** What one order item asks of the menu, read even when the item has other problems. */
export interface MenuChoice {
  /** As sent, for the problem texts. */
  menuItemId: string;
  /** Null unless `menuItemId` is written as the service writes ids: then it names nothing. */
  id: ObjectId | null;
  /** Undefined for the item's first size. */
  size: string | undefined;
  /** Undefined for the item's first crust, if it has any. */
  crust: string | undefined;
  /** The string entries of `toppings`; [] when absent (the README counts that as empty). */
  toppings: string[];
  quantity: number;
}

export interface RequestedItem {
  /** Already worded for the client. */
  shapeProblems: string[];
  /** Null when the item is not an object or its menuItemId is not a string. */
  choice: MenuChoice | null;
}

/** A POST /orders body as far as its shape allowed reading it. */
export interface OrderRequest {
  /** Problems of the body as a whole, customerName and items, in that order. */
  problems: string[];
  /** Null when the body has a shape problem (nothing is stored then). */
  customerName: string | null;
  items: RequestedItem[];
}

/** The menu ids worth looking up, each once: text that is no id cannot be on the menu. */
export function menuIdsToLookUp(items: readonly RequestedItem[]): ObjectId[] {
  const ids = new Map<string, ObjectId>();
  for (const { choice } of items) {
    if (choice?.id) ids.set(choice.menuItemId, choice.id);
  }
  return [...ids.values()];
}

/** Its menu item (`<id> is not on the menu`), then size, crust and toppings. */
function menuProblemsOf(
  choice: MenuChoice | null,
  menuById: ReadonlyMap<string, MenuItemRecord>,
): string[] {
  if (choice === null) return [];
  const menuItem = menuById.get(choice.menuItemId);
  if (menuItem === undefined) return [`${choice.menuItemId} is not on the menu`];
  const notOffered: string[] = [];
  const { size, crust } = choice;
  if (size !== undefined && !menuItem.sizes.some((offered) => offered.name === size)) {
    notOffered.push(size);
  }
  if (crust !== undefined && !menuItem.crusts.includes(crust)) notOffered.push(crust);
  for (const topping of choice.toppings) {
    if (!menuItem.toppings.some((offered) => offered.name === topping)) notOffered.push(topping);
  }
  // The README's wording for a topping the item does not offer, for sizes and crusts too.
  return notOffered.map((name) => `${name} is not offered on ${menuItem.name}.`);
}

/**
 * Every problem, all in one 400: the body's first, then item by item, each item's shape problems
 * before its menu problems. `menuItems` are the items of `menuIdsToLookUp` that exist.
 */
export function listOrderProblems(
  request: OrderRequest,
  menuItems: readonly MenuItemRecord[],
): string[] {
  const menuById = new Map(menuItems.map((item) => [item._id.toHexString(), item]));
  return [
    ...request.problems,
    ...request.items.flatMap(({ shapeProblems, choice }) => [
      ...shapeProblems,
      ...menuProblemsOf(choice, menuById),
    ]),
  ];
}
