import { VERSION_BUMP, versionFilter, type IfMatch } from '@repo/common';
import type { Db, Filter, ObjectId } from 'mongodb';
import type { OrderFields, OrderRecord, OrderStatus, StockJob } from '../domain/order.js';

export const ORDERS_COLLECTION = 'orders';

export interface OrderPageQuery {
  customerId: string;
  status?: OrderStatus | undefined;
  /** Only orders older than this one (the last of the previous page). */
  before?: ObjectId | undefined;
  limit: number;
}

/** One conditional write, only if the order still has `whenStatus` and a version `ifMatch` names. */
export interface OrderUpdate {
  set: Partial<Pick<OrderFields, 'status' | 'items' | 'total' | 'updatedAt' | 'stockJob'>>;
  whenStatus?: OrderStatus;
  ifMatch?: IfMatch | undefined;
}

export interface OrdersRepository {
  ensureIndexes(): Promise<void>;
  insert(order: OrderRecord): Promise<void>;
  /** A placed order clients can see: no `place` job running, not being deleted. */
  findVisible(id: ObjectId): Promise<OrderRecord | null>;
  listPage(query: OrderPageQuery): Promise<OrderRecord[]>;
  /** Applies the update if the order is visible and has no stock job; null when it did not. */
  updateIdle(id: ObjectId, update: OrderUpdate): Promise<OrderRecord | null>;
  /** Starts deleting a visible order with no stock job (as `updateIdle`). */
  markDeleted(
    id: ObjectId,
    job: StockJob | undefined,
    ifMatch?: IfMatch,
  ): Promise<OrderRecord | null>;
  markMoveDone(id: ObjectId, productHex: string): Promise<void>;
  unmarkMoveDone(id: ObjectId, productHex: string): Promise<void>;
  /**
   * Ends a job: clears it and writes `set` in the same operation, which counts as a change of the
   * order (its version) when `set` has fields, since the job itself is never shown.
   */
  finishJob(id: ObjectId, set: Partial<OrderFields>): Promise<void>;
  remove(id: ObjectId): Promise<void>;
  abandonedJobs(startedBefore: Date): Promise<OrderRecord[]>;
  /** Takes over an abandoned job: true for exactly one of several recoverers. */
  claimJob(id: ObjectId, since: Date, now: Date): Promise<boolean>;
}

const VISIBLE: Filter<OrderFields> = {
  deleted: { $exists: false },
  'stockJob.kind': { $ne: 'place' },
};
const IDLE: Filter<OrderFields> = { deleted: { $exists: false }, stockJob: { $exists: false } };

export function createOrdersRepository(db: Db): OrdersRepository {
  const collection = db.collection<OrderFields>(ORDERS_COLLECTION);

  return {
    async ensureIndexes() {
      await collection.createIndexes([
        { key: { customerId: 1, _id: -1 }, name: 'customer_newest_first' },
        { key: { customerId: 1, status: 1, _id: -1 }, name: 'customer_status_newest_first' },
        { key: { 'stockJob.since': 1 }, name: 'stock_job_since', sparse: true },
      ]);
    },

    async insert(order) {
      await collection.insertOne({ ...order });
    },

    findVisible: (id) => collection.findOne({ _id: id, ...VISIBLE }),

    listPage({ customerId, status, before, limit }) {
      const filter: Filter<OrderFields> = { customerId, ...VISIBLE };
      if (status !== undefined) filter.status = status;
      if (before !== undefined) filter._id = { $lt: before };
      return collection.find(filter, { sort: { _id: -1 }, limit }).toArray();
    },

    updateIdle(id, { set, whenStatus, ifMatch }) {
      const filter: Filter<OrderFields> = { _id: id, ...IDLE, ...versionFilter(ifMatch) };
      if (whenStatus !== undefined) filter.status = whenStatus;
      return collection.findOneAndUpdate(
        filter,
        { $set: set, ...VERSION_BUMP },
        { returnDocument: 'after' },
      );
    },

    markDeleted(id, job, ifMatch) {
      const set: Partial<OrderFields> = { deleted: true };
      if (job !== undefined) set.stockJob = job;
      return collection.findOneAndUpdate(
        { _id: id, ...IDLE, ...versionFilter(ifMatch) },
        { $set: set },
      );
    },

    async markMoveDone(id, productHex) {
      await collection.updateOne({ _id: id }, { $addToSet: { 'stockJob.done': productHex } });
    },

    async unmarkMoveDone(id, productHex) {
      await collection.updateOne({ _id: id }, { $pull: { 'stockJob.done': productHex } });
    },

    async finishJob(id, set) {
      const update = Object.keys(set).length === 0 ? {} : { $set: set, ...VERSION_BUMP };
      await collection.updateOne({ _id: id }, { ...update, $unset: { stockJob: '' } });
    },

    async remove(id) {
      await collection.deleteOne({ _id: id });
    },

    abandonedJobs: (startedBefore) =>
      collection.find({ 'stockJob.since': { $lt: startedBefore } }).toArray(),

    async claimJob(id, since, now) {
      const { modifiedCount } = await collection.updateOne(
        { _id: id, 'stockJob.since': since },
        { $set: { 'stockJob.since': now } },
      );
      return modifiedCount === 1;
    },
  };
}
