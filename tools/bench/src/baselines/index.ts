import { booksById, booksList } from './books.js';
import { customerOrdersList, customerOrdersPost } from './customer-orders.js';
import { miniStoreGet } from './mini-store.js';
import { ordersPatch, ordersPost } from './orders.js';
import { productsGet, productsListBuffered, productsPatch, productsPost } from './products.js';
import { tutorialPerson } from './tutorial.js';
import type { Baseline } from './types.js';

export const BASELINES = {
  'books-list': booksList,
  'books-by-id': booksById,
  'tutorial-person': tutorialPerson,
  'products-get': productsGet,
  'products-post': productsPost,
  'products-patch': productsPatch,
  'products-list-buffered': productsListBuffered,
  'customer-orders-post': customerOrdersPost,
  'customer-orders-list': customerOrdersList,
  'orders-post': ordersPost,
  'orders-patch': ordersPatch,
  'mini-store-get': miniStoreGet,
} satisfies Record<string, Baseline>;

export type BaselineKind = keyof typeof BASELINES;

export function isBaselineKind(text: string | undefined): text is BaselineKind {
  return text !== undefined && Object.hasOwn(BASELINES, text);
}
