import type { MenuItemRecord, PricedOption } from '../domain/menu-item.js';

/** A menu item as clients see it: `id` as hex text, never `_id`; prices in whole cents. */
export interface MenuItemView {
  id: string;
  name: string;
  category: string;
  description: string;
  sizes: PricedOption[];
  crusts: string[];
  toppings: PricedOption[];
}

const option = ({ name, price }: PricedOption): PricedOption => ({ name, price });

export function presentMenuItem(item: MenuItemRecord): MenuItemView {
  return {
    id: item._id.toHexString(),
    name: item.name,
    category: item.category,
    description: item.description,
    sizes: item.sizes.map(option),
    crusts: item.crusts,
    toppings: item.toppings.map(option),
  };
}
