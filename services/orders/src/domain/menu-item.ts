import type { ObjectId } from 'mongodb';

/** A menu item as stored. `price` is in cents; `toppings` are the ones the item offers. */
export interface MenuItemRecord {
  _id: ObjectId;
  name: string;
  price: number;
  toppings: string[];
}
