import type { MenuItemRecord } from '../domain/menu-item.js';

/** A menu item as clients see it: `id` as hex text, never `_id`. */
export interface MenuItemView {
  id: string;
  name: string;
  price: number;
  toppings: string[];
}

export function presentMenuItem(item: MenuItemRecord): MenuItemView {
  return {
    id: item._id.toHexString(),
    name: item.name,
    price: item.price,
    toppings: item.toppings,
  };
}
