import { errorResponse } from '@repo/common';
import { MENU_ITEM_ID } from './menu-routes.js';

/** The order id the document's examples use. */
export const ORDER_ID = '6b0133863aff49b5acaf9240';

export const notFound = errorResponse('No order has the id.', `Order ${ORDER_ID} not found`);

export const itemExample = {
  menuItemId: MENU_ITEM_ID,
  size: 'large',
  crust: 'thin',
  toppings: ['onions'],
  quantity: 2,
};

/** An order as `GET /orders/{id}` shows it. */
export const orderExample = {
  id: ORDER_ID,
  customerName: 'Ada',
  items: [{ ...itemExample, unitPrice: 1700, lineTotal: 3400 }],
  total: 3400,
  status: 'pending',
  createdAt: '2026-11-25T10:00:00.000Z',
};
