import type { OrderRecord } from '../domain/order.js';
import type { OrderView } from './order-view-schema.js';

/** Ids as hex text, never `_id`; `createdAt` as ISO 8601 UTC text. */
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
