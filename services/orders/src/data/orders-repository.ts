import type { Collection, Db, ObjectId } from 'mongodb';
import type { OrderStatus } from '../domain/order-status.js';

export const ORDERS_COLLECTION = 'orders';

export interface OrderItemRecord {
  menuItemId: ObjectId;
  toppings: string[];
}

/** An order as stored; `createdAt` is a BSON date, turned into ISO text only in responses. */
export interface OrderRecord {
  _id: ObjectId;
  customerName: string;
  items: OrderItemRecord[];
  status: OrderStatus;
  createdAt: Date;
}

export interface OrdersRepository {
  insert(order: OrderRecord): Promise<void>;
  findById(id: ObjectId): Promise<OrderRecord | null>;
  /**
   * Sets `to` only if the order is still in status `from`, as one atomic operation. Returns the
   * updated order, or null when the order does not exist or is no longer in `from`.
   */
  moveStatus(id: ObjectId, from: OrderStatus, to: OrderStatus): Promise<OrderRecord | null>;
}

export function createOrdersRepository(db: Db): OrdersRepository {
  const collection: Collection<OrderRecord> = db.collection<OrderRecord>(ORDERS_COLLECTION);

  return {
    insert: async (order) => {
      await collection.insertOne(order);
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
