import type { ObjectId } from 'mongodb';

/** A choice on the menu that has a price: a size, or a topping. Prices are whole cents. */
export interface PricedOption {
  name: string;
  price: number;
}

/**
 * A menu item as stored. `sizes` has at least one entry (the first is the default); `crusts` is
 * empty for items that are not pizzas (the first, when any, is the default).
 */
export interface MenuItemRecord {
  _id: ObjectId;
  name: string;
  category: string;
  description: string;
  sizes: PricedOption[];
  crusts: string[];
  toppings: PricedOption[];
}
