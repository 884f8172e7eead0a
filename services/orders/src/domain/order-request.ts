import type { ObjectId } from 'mongodb';
import type { MenuItemRecord } from './menu-item.js';

/** What one order item asks of the menu, read even when the item has other problems. */
export interface MenuChoice {
  /** As sent, for the problem texts. */
  menuItemId: string;
  /**
   * The menu item id `menuItemId` spells when it is written as the service writes ids (24
   * lowercase hex digits); null for any other text, which therefore names nothing on the menu.
   */
  id: ObjectId | null;
  /** The size asked for; undefined for the item's first size. */
  size: string | undefined;
  /** The crust asked for; undefined for the item's first crust, if it has any. */
  crust: string | undefined;
  /** The string entries of `toppings`; [] when absent (the spec counts that as empty). */
  toppings: string[];
  /** How many; 1 when absent. */
  quantity: number;
}

/** One item of a POST /orders body. */
export interface RequestedItem {
  /** Problems with this item's shape, already worded for the client. */
  shapeProblems: string[];
  /** Null when the item is not an object or its menuItemId is not a string. */
  choice: MenuChoice | null;
}

/** A POST /orders body as far as its shape allowed reading it. */
export interface OrderRequest {
  /** Problems with the body as a whole, customerName and items, in that order. */
  problems: string[];
  /** The name to store; null when the body has a shape problem (nothing is stored then). */
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

export function notOnMenuProblem(menuItemId: string): string {
  return `${menuItemId} is not on the menu`;
}

/**
 * The spec's wording for a topping the item does not offer (rule 4), which the service also uses
 * for a size or a crust the item does not offer.
 */
export function notOfferedProblem(choice: string, menuItemName: string): string {
  return `${choice} is not offered on ${menuItemName}.`;
}

/** The menu problems of one item: its menu item (spec rule 3), then size, crust and toppings. */
function menuProblemsOf(
  choice: MenuChoice | null,
  menuById: ReadonlyMap<string, MenuItemRecord>,
): string[] {
  if (choice === null) return [];
  const menuItem = menuById.get(choice.menuItemId);
  if (menuItem === undefined) return [notOnMenuProblem(choice.menuItemId)];
  const notOffered: string[] = [];
  const { size, crust } = choice;
  if (size !== undefined && !menuItem.sizes.some((offered) => offered.name === size)) {
    notOffered.push(size);
  }
  if (crust !== undefined && !menuItem.crusts.includes(crust)) notOffered.push(crust);
  for (const topping of choice.toppings) {
    if (!menuItem.toppings.some((offered) => offered.name === topping)) notOffered.push(topping);
  }
  return notOffered.map((name) => notOfferedProblem(name, menuItem.name));
}

/**
 * Every problem of the request (spec rule 2): those of the body first, then item by item in the
 * order sent, each item's shape problems before its menu problems. `menuItems` are the items of
 * `menuIdsToLookUp` that exist.
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
