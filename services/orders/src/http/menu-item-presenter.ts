import type { MenuItemRecord, PricedOption } from '../domain/menu-item.js';

const option = ({ name, price }: PricedOption): PricedOption => ({ name, price });

/** `id` as hex text, never `_id`; prices in whole cents. */
export function presentMenuItem(item: MenuItemRecord) {
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
