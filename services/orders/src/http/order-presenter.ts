import type { OrderRecord } from '../domain/order.js';

/** An order as clients see it: ids as hex text, never `_id`; `createdAt` as ISO 8601 UTC text. */
export interface OrderView {
  id: string;
  customerName: string;
  items: { menuItemId: string; toppings: string[] }[];
  status: string;
  createdAt: string;
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
