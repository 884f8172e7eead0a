import type { OrderRecord } from '../domain/order.js';

/** What clients see of an order: `id` for `_id`, product ids as text, dates as ISO text. */
export interface OrderRepresentation {
  id: string;
  customerId: string;
  items: { productId: string; quantity: number; price: number; modelName: unknown }[];
  total: number;
  status: string;
  createdAt: string;
  updatedAt: string;
}

export function presentOrder(order: OrderRecord): OrderRepresentation {
  return {
    id: order._id.toHexString(),
    customerId: order.customerId,
    items: order.items.map((item) => ({
      productId: item.productId.toHexString(),
      quantity: item.quantity,
      price: item.price,
      modelName: item.modelName,
    })),
    total: order.total,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
