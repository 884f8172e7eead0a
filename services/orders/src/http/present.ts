import type { MenuItemRecord } from '../data/menu-repository.js';
import type { OrderRecord } from '../data/orders-repository.js';

/** The JSON shapes clients see: `id` as hex text, never `_id`; dates as ISO 8601 UTC text. */
export interface MenuItemView {
  id: string;
  name: string;
  price: number;
  toppings: string[];
}

export interface OrderView {
  id: string;
  customerName: string;
  items: { menuItemId: string; toppings: string[] }[];
  status: string;
  createdAt: string;
}

export function presentMenuItem(item: MenuItemRecord): MenuItemView {
  return {
    id: item._id.toHexString(),
    name: item.name,
    price: item.price,
    toppings: item.toppings,
  };
}

export function presentOrder(order: OrderRecord): OrderView {
  return {
    id: order._id.toHexString(),
    customerName: order.customerName,
    items: order.items.map((item) => ({
      menuItemId: item.menuItemId.toHexString(),
      toppings: item.toppings,
    })),
    status: order.status,
    createdAt: order.createdAt.toISOString(),
  };
}
