import { VERSION_BUMP, versionFilter, type IfMatch } from '@repo/common';
import { ObjectId, type Db, type Filter, type FindOptions } from 'mongodb';
import type { NewOrder, OrderRecord, OrderStatus } from '../domain/order.js';
import { newOrderEvent, type OrderEventRecord } from '../domain/order-event.js';

export const ORDERS_COLLECTION = 'orders';

/** Oldest first, after the order `after` when given. */
/** A cancelled order stays stored, with its events, but no answer other than a stream sees it. */
const NOT_CANCELLED = { cancelledAt: { $exists: false } } as const;

/** The write that records `event` with its change: appended, and its time indexed. */
function recordEvent(event: OrderEventRecord) {
  return { $push: { events: event }, $set: { lastEventAt: event.at } };
}

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
  const filter: Filter<OrderRecord> = { ...NOT_CANCELLED };
  if (status !== undefined) filter.status = status;
  if (after !== undefined) filter._id = { $gt: after };
  return { filter, options: { sort: { _id: 1 }, limit } };
}

export interface OrdersRepository {
  /** The indexes the queue is read from; created before the port opens. */
  ensureIndexes(): Promise<void>;
  /** Stores the order with its `order.placed` event. */
  create(order: NewOrder): Promise<OrderRecord>;
  /** Null for a cancelled order too. */
  findById(id: ObjectId): Promise<OrderRecord | null>;
  /** Cancelled or not: what the streams replay. */
  findStoredById(id: ObjectId): Promise<OrderRecord | null>;
  /** Every order (cancelled too) whose last event is at `since` or later. */
  changedSince(since: Date): Promise<OrderRecord[]>;
  listQueue(page: QueuePage): Promise<OrderRecord[]>;
  /**
   * Sets `to` only if the order is still in status `from` and at a version `ifMatch` names, with
   * its `order.status` event at `at`, in one atomic operation; null when the order does not exist
   * or no longer matches. The order answered holds no `events`.
   */
  moveStatus(
    id: ObjectId,
    from: OrderStatus,
    to: OrderStatus,
    at: Date,
    ifMatch?: IfMatch,
  ): Promise<OrderRecord | null>;
  /**
   * Cancels the order only if it still matches (as `moveStatus`), with its `order.cancelled`
   * event, in one atomic operation.
   */
  cancelIfStatus(id: ObjectId, status: OrderStatus, at: Date, ifMatch?: IfMatch): Promise<boolean>;
}

export function createOrdersRepository(db: Db): OrdersRepository {
  const collection = db.collection<OrderRecord>(ORDERS_COLLECTION);

  return {
    async ensureIndexes() {
      await collection.createIndexes([
        { key: { status: 1, _id: 1 }, name: 'status_oldest_first' },
        { key: { lastEventAt: 1, _id: 1 }, name: 'last_event_first' },
      ]);
    },

    async create(order) {
      const placed = newOrderEvent('pending', order.createdAt);
      const record: OrderRecord = {
        _id: new ObjectId(),
        ...order,
        events: [placed],
        lastEventAt: placed.at,
      };
      await collection.insertOne(record);
      return record;
    },

    findById: (id) => collection.findOne({ _id: id, ...NOT_CANCELLED }),

    findStoredById: (id) => collection.findOne({ _id: id }),

    changedSince: (since) =>
      collection
        .find({ lastEventAt: { $gte: since } })
        .sort({ lastEventAt: 1, _id: 1 })
        .toArray(),

    listQueue(page) {
      const { filter, options } = queueQuery(page);
      return collection.find(filter, options).toArray();
    },

    moveStatus(id, from, to, at, ifMatch) {
      const event = recordEvent(newOrderEvent(to, at));
      return collection.findOneAndUpdate(
        { _id: id, status: from, ...NOT_CANCELLED, ...versionFilter(ifMatch) },
        { $set: { ...event.$set, status: to }, $push: event.$push, ...VERSION_BUMP },
        // No answer shows the events: left in the database, not carried to the service.
        { returnDocument: 'after', projection: { events: 0 } },
      );
    },

    async cancelIfStatus(id, status, at, ifMatch) {
      const event = recordEvent(newOrderEvent('cancelled', at));
      const { modifiedCount } = await collection.updateOne(
        { _id: id, status, ...NOT_CANCELLED, ...versionFilter(ifMatch) },
        { $set: { ...event.$set, cancelledAt: at }, $push: event.$push, ...VERSION_BUMP },
      );
      return modifiedCount > 0;
    },
  };
}
