import type { ObjectId } from 'mongodb';

/** A size or a topping; prices are whole cents. */
export interface PricedOption {
  name: string;
  price: number;
}

/** The first size and crust are the defaults; `crusts` is empty for items that are not pizzas. */
export interface MenuItemRecord {
  _id: ObjectId;
  name: string;
  category: string;
  description: string;
  sizes: PricedOption[];
  crusts: string[];
  toppings: PricedOption[];
}
