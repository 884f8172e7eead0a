import type { OrderRecord } from '../domain/order.js';

export interface OrderItemView {
  menuItemId: string;
  size: string;
  crust: string | null;
  toppings: string[];
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/** An order as clients see it: ids as hex text, never `_id`; `createdAt` as ISO 8601 UTC text. */
export interface OrderView {
  id: string;
  customerName: string;
  items: OrderItemView[];
  total: number;
  status: string;
  createdAt: string;
}

export function presentOrder(order: OrderRecord): OrderView {
  return {
    id: order._id.toHexString(),
    customerName: order.customerName,
    items: order.items.map((item) => ({
      menuItemId: item.menuItemId.toHexString(),
      size: item.size,
      crust: item.crust,
      toppings: item.toppings,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      lineTotal: item.lineTotal,
    })),
    total: order.total,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
  };
}
