import { VERSION_BUMP, versionFilter, type IfMatch } from '@repo/common';
import { ObjectId, type Db, type Filter, type FindOptions } from 'mongodb';
import type { NewOrder, OrderRecord, OrderStatus } from '../domain/order.js';

export const ORDERS_COLLECTION = 'orders';

/** Oldest first, after the order `after` when given. */
export interface QueuePage {
  status?: OrderStatus | undefined;
  after?: ObjectId | undefined;
  limit: number;
}

/**
 * Ids grow with time, so sorting by `_id` is oldest first and `after` keeps its place however many
 * orders arrive; `status_oldest_first` answers it with a status, `_id` alone without.
 */
export function queueQuery({ status, after, limit }: QueuePage): {
  filter: Filter<OrderRecord>;
  options: FindOptions;
} {
  const filter: Filter<OrderRecord> = {};
  if (status !== undefined) filter.status = status;
  if (after !== undefined) filter._id = { $gt: after };
  return { filter, options: { sort: { _id: 1 }, limit } };
}

export interface OrdersRepository {
  /** The indexes the queue is read from; created before the port opens. */
  ensureIndexes(): Promise<void>;
  create(order: NewOrder): Promise<OrderRecord>;
  findById(id: ObjectId): Promise<OrderRecord | null>;
  listQueue(page: QueuePage): Promise<OrderRecord[]>;
  /**
   * Sets `to` only if the order is still in status `from` and at a version `ifMatch` names, in one
   * atomic operation; null when the order does not exist or no longer matches.
   */
  moveStatus(
    id: ObjectId,
    from: OrderStatus,
    to: OrderStatus,
    ifMatch?: IfMatch,
  ): Promise<OrderRecord | null>;
  /** Deletes the order only if it still matches, in one atomic operation (as `moveStatus`). */
  removeIfStatus(id: ObjectId, status: OrderStatus, ifMatch?: IfMatch): Promise<boolean>;
}

export function createOrdersRepository(db: Db): OrdersRepository {
  const collection = db.collection<OrderRecord>(ORDERS_COLLECTION);

  return {
    async ensureIndexes() {
      await collection.createIndexes([{ key: { status: 1, _id: 1 }, name: 'status_oldest_first' }]);
    },

    async create(order) {
      const record: OrderRecord = { _id: new ObjectId(), ...order };
      await collection.insertOne(record);
      return record;
    },

    findById: (id) => collection.findOne({ _id: id }),

    listQueue(page) {
      const { filter, options } = queueQuery(page);
      return collection.find(filter, options).toArray();
    },

    moveStatus: (id, from, to, ifMatch) =>
      collection.findOneAndUpdate(
        { _id: id, status: from, ...versionFilter(ifMatch) },
        { $set: { status: to }, ...VERSION_BUMP },
        { returnDocument: 'after' },
      ),

    async removeIfStatus(id, status, ifMatch) {
      const { deletedCount } = await collection.deleteOne({
        _id: id,
        status,
        ...versionFilter(ifMatch),
      });
      return deletedCount > 0;
    },
  };
}
