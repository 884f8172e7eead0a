import type { OrderRecord } from '../domain/order.js';

/** `id` for `_id`, product ids as text, dates as ISO text. */
export function presentOrder(order: OrderRecord) {
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
