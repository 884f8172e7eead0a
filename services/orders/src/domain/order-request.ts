import type { ObjectId } from 'mongodb';
import type { MenuItemRecord } from '../data/menu-repository.js';
import { parseId } from './ids.js';

/** One order item as far as its shape allowed reading it; null where the shape was wrong. */
export interface DraftOrderItem {
  /** Problems with this item's shape, already worded for the client. */
  shapeProblems: string[];
  menuItemId: string | null;
  /** The string entries of `toppings`; [] when absent (the spec counts that as empty). */
  toppings: string[];
}

export interface DraftOrder {
  /** Problems with the body, customerName and items as a whole. */
  problems: string[];
  customerName: string | null;
  items: DraftOrderItem[];
}

export const BODY_NOT_OBJECT = 'The request body must be a JSON object with customerName and items';
export const CUSTOMER_NAME_PROBLEM = 'customerName must be a non-empty string';
export const ITEMS_PROBLEM = 'items must be a non-empty array';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readItem(value: unknown, index: number): DraftOrderItem {
  const where = `items[${index}]`;
  if (!isPlainObject(value)) {
    return {
      shapeProblems: [`${where} must be an object with a menuItemId`],
      menuItemId: null,
      toppings: [],
    };
  }
  const shapeProblems: string[] = [];
  const menuItemId = typeof value.menuItemId === 'string' ? value.menuItemId : null;
  if (menuItemId === null) shapeProblems.push(`${where}.menuItemId must be a string`);

  const toppings: string[] = [];
  if (value.toppings !== undefined) {
    if (!Array.isArray(value.toppings)) {
      shapeProblems.push(`${where}.toppings must be an array of strings`);
    } else {
      value.toppings.forEach((topping: unknown, toppingIndex) => {
        if (typeof topping === 'string') toppings.push(topping);
        else shapeProblems.push(`${where}.toppings[${toppingIndex}] must be a string`);
      });
    }
  }
  return { shapeProblems, menuItemId, toppings };
}

/** Reads a POST /orders body without throwing, noting every shape problem it meets. */
export function readOrderRequest(body: unknown): DraftOrder {
  if (!isPlainObject(body)) {
    return { problems: [BODY_NOT_OBJECT], customerName: null, items: [] };
  }
  const problems: string[] = [];
  const customerName =
    typeof body.customerName === 'string' && body.customerName.trim() !== ''
      ? body.customerName
      : null;
  if (customerName === null) problems.push(CUSTOMER_NAME_PROBLEM);

  const items = Array.isArray(body.items) ? body.items.map(readItem) : [];
  if (items.length === 0) problems.push(ITEMS_PROBLEM);
  return { problems, customerName, items };
}

/**
 * The menu identifiers worth looking up: those that are ObjectId text as this service writes it
 * (24 lowercase hex digits). Anything else cannot be on the menu.
 */
export function menuIdsToLookUp(draft: DraftOrder): ObjectId[] {
  const ids = new Map<string, ObjectId>();
  for (const item of draft.items) {
    const id = item.menuItemId === null ? null : parseId(item.menuItemId);
    if (id !== null) ids.set(id.toHexString(), id);
  }
  return [...ids.values()];
}

export function notOnMenuProblem(menuItemId: string): string {
  return `${menuItemId} is not on the menu`;
}

export function toppingNotOfferedProblem(topping: string, menuItemName: string): string {
  return `${topping} is not offered on ${menuItemName}.`;
}

/** The menu problems of one item (spec rules 3 and 4). */
function menuProblemsOf(item: DraftOrderItem, menuById: ReadonlyMap<string, MenuItemRecord>) {
  if (item.menuItemId === null) return [];
  const menuItem = menuById.get(item.menuItemId);
  if (menuItem === undefined) return [notOnMenuProblem(item.menuItemId)];
  return item.toppings
    .filter((topping) => !menuItem.toppings.includes(topping))
    .map((topping) => toppingNotOfferedProblem(topping, menuItem.name));
}

/** Every problem of the request, item by item, in the order the client sent them. */
export function collectOrderProblems(
  draft: DraftOrder,
  menuItems: readonly MenuItemRecord[],
): string[] {
  const menuById = new Map(menuItems.map((item) => [item._id.toHexString(), item]));
  return [
    ...draft.problems,
    ...draft.items.flatMap((item) => [...item.shapeProblems, ...menuProblemsOf(item, menuById)]),
  ];
}
