import { ObjectId } from 'mongodb';
import type { MenuItemRecord } from './menu-item.js';

/**
 * The menu stored on first start when the menu is empty. The identifiers are fixed so that two
 * instances seeding at the same moment insert the same documents: the second insert of each is a
 * duplicate key and is ignored, instead of leaving the menu with every pizza twice.
 * Prices are in cents.
 */
export const DEFAULT_MENU: readonly MenuItemRecord[] = [
  {
    _id: new ObjectId('000000000000000000000001'),
    name: 'Margherita',
    price: 850,
    toppings: ['extra mozzarella', 'basil', 'olives', 'chili flakes'],
  },
  {
    _id: new ObjectId('000000000000000000000002'),
    name: 'Pepperoni',
    price: 1050,
    toppings: ['extra mozzarella', 'jalapeños', 'onions', 'mushrooms'],
  },
  {
    _id: new ObjectId('000000000000000000000003'),
    name: 'Quattro Formaggi',
    price: 1150,
    toppings: ['walnuts', 'pear', 'honey'],
  },
  {
    _id: new ObjectId('000000000000000000000004'),
    name: 'Vegetariana',
    price: 990,
    toppings: ['extra mozzarella', 'olives', 'artichokes', 'rocket', 'chili flakes'],
  },
];
