import { ObjectId } from 'mongodb';
import type { MenuItemRecord, PricedOption } from './menu-item.js';

/** The three sizes of every pizza, from a base price in cents (the small one). */
function pizzaSizes(small: number): PricedOption[] {
  return [
    { name: 'small', price: small },
    { name: 'medium', price: small + 300 },
    { name: 'large', price: small + 600 },
  ];
}

/** What an item without a choice of size is sold as. */
const ONE_SIZE = 'regular';

/**
 * The identifiers are fixed so that two instances seeding at once insert the same documents: the
 * second insert of each is a duplicate key, ignored, instead of every pizza twice on the menu.
 */
export const DEFAULT_MENU: readonly MenuItemRecord[] = [
  {
    _id: new ObjectId('000000000000000000000001'),
    name: 'Margherita',
    category: 'pizza',
    description: 'Tomato, mozzarella and basil.',
    sizes: pizzaSizes(850),
    crusts: ['classic', 'thin', 'stuffed'],
    toppings: [
      { name: 'extra mozzarella', price: 150 },
      { name: 'basil', price: 50 },
      { name: 'olives', price: 100 },
      { name: 'chili flakes', price: 0 },
    ],
  },
  {
    _id: new ObjectId('000000000000000000000002'),
    name: 'Pepperoni',
    category: 'pizza',
    description: 'Tomato, mozzarella and spicy pepperoni.',
    sizes: pizzaSizes(1050),
    crusts: ['classic', 'thin', 'stuffed'],
    toppings: [
      { name: 'extra mozzarella', price: 150 },
      { name: 'jalapeños', price: 100 },
      { name: 'onions', price: 50 },
      { name: 'mushrooms', price: 100 },
    ],
  },
  {
    _id: new ObjectId('000000000000000000000003'),
    name: 'Hawaiian',
    category: 'pizza',
    description: 'Tomato, mozzarella, ham and pineapple.',
    sizes: pizzaSizes(1000),
    crusts: ['classic', 'thin'],
    toppings: [
      { name: 'extra ham', price: 200 },
      { name: 'extra pineapple', price: 100 },
      { name: 'jalapeños', price: 100 },
    ],
  },
  {
    _id: new ObjectId('000000000000000000000004'),
    name: 'Garlic Bread',
    category: 'side',
    description: 'Oven-baked bread with garlic butter.',
    sizes: [{ name: ONE_SIZE, price: 450 }],
    crusts: [],
    toppings: [{ name: 'cheese', price: 100 }],
  },
  {
    _id: new ObjectId('000000000000000000000005'),
    name: 'Caesar Salad',
    category: 'side',
    description: 'Romaine, parmesan and croutons.',
    sizes: [{ name: ONE_SIZE, price: 650 }],
    crusts: [],
    toppings: [
      { name: 'chicken', price: 200 },
      { name: 'anchovies', price: 150 },
    ],
  },
  {
    _id: new ObjectId('000000000000000000000006'),
    name: 'Cola',
    category: 'drink',
    description: 'A chilled 330 ml can.',
    sizes: [{ name: ONE_SIZE, price: 250 }],
    crusts: [],
    toppings: [],
  },
];
