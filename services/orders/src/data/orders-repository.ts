import { ObjectId, type Db } from 'mongodb';
import type { NewOrder, OrderRecord } from '../domain/order.js';
import type { OrderStatus } from '../domain/order-status.js';

export const ORDERS_COLLECTION = 'orders';

/** All access to the `orders` collection. */
export interface OrdersRepository {
  /** Stores the order under a new id and returns it as stored. */
  create(order: NewOrder): Promise<OrderRecord>;
  findById(id: ObjectId): Promise<OrderRecord | null>;
  /**
   * Sets `to` only if the order is still in status `from`, as one atomic operation. Returns the
   * updated order, or null when the order does not exist or is no longer in `from`.
   */
  moveStatus(id: ObjectId, from: OrderStatus, to: OrderStatus): Promise<OrderRecord | null>;
}

export function createOrdersRepository(db: Db): OrdersRepository {
  const collection = db.collection<OrderRecord>(ORDERS_COLLECTION);

  return {
    async create(order) {
      const record: OrderRecord = { _id: new ObjectId(), ...order };
      await collection.insertOne(record);
      return record;
    },

    findById: (id) => collection.findOne({ _id: id }),

    moveStatus: (id, from, to) =>
      collection.findOneAndUpdate(
        { _id: id, status: from },
        { $set: { status: to } },
        { returnDocument: 'after' },
      ),
  };
}
