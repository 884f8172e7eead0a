import { VERSION_BUMP, versionFilter, type IfMatch, type Versioned } from '@repo/common';
import { BSON, type Db, type Filter, type FindCursor, type ObjectId } from 'mongodb';
import type {
  NewProduct,
  ProductChanges,
  ProductRecord,
  StoredProduct,
} from '../domain/product.js';

export const PRODUCTS_COLLECTION = 'products';

/** Documents per round trip while streaming the list: large enough to be cheap, small in memory. */
export const LIST_BATCH_SIZE = 1000;

export interface GuardedUpdateOptions {
  /** Write only if the stored price is not a number below 0 (checked in the same operation). */
  storedPriceNotNegative: boolean;
  /** Write only if the stored version is one `If-Match` names (checked in the same operation). */
  ifMatch?: IfMatch | undefined;
}

export interface ProductsRepository {
  create(product: NewProduct): Promise<ObjectId>;
  /**
   * A cursor in creation order (ascending `_id`: the driver's ObjectIds grow with time), for the
   * list to be written as it is read.
   */
  list(options?: { quantityBelow?: number }): FindCursor<ProductRecord>;
  findById(id: ObjectId): Promise<ProductRecord | null>;
  exists(id: ObjectId): Promise<boolean>;
  /** False when no product has the id, or its version is not one `ifMatch` names. */
  remove(id: ObjectId, ifMatch?: IfMatch): Promise<boolean>;
  /** In no particular order. */
  findByIds(ids: readonly ObjectId[]): Promise<ProductRecord[]>;
  /** One conditional write: false when the product has not that much (or no numeric quantity). */
  takeStock(id: ObjectId, quantity: number): Promise<boolean>;
  /** Nothing happens to a product that is gone or has no numeric quantity. */
  giveStock(id: ObjectId, quantity: number): Promise<void>;
  /**
   * One conditional operation, so the rule and the write cannot be split by another request.
   * Null when nothing matched: the product is missing or the guard failed.
   */
  updateGuarded(
    id: ObjectId,
    changes: ProductChanges,
    options: GuardedUpdateOptions,
  ): Promise<ProductRecord | null>;
}

export function createProductsRepository(db: Db): ProductsRepository {
  const collection = db.collection<StoredProduct>(PRODUCTS_COLLECTION);
  // Seen by its stock alone: stock updates touch only a numeric quantity (and the version).
  const stock = db.collection<{ quantity: number } & Versioned>(PRODUCTS_COLLECTION);
  // For the low-stock list. Not awaited: answers are the same without it, only slower, so a
  // failure must not stop the service; the next start-up creates it again.
  collection.createIndex({ quantity: 1 }).catch(() => undefined);

  return {
    async create(product) {
      // The driver adds the generated `_id` to the object it is given.
      const { insertedId } = await collection.insertOne({ ...product });
      return insertedId;
    },

    list({ quantityBelow } = {}) {
      const filter: Filter<StoredProduct> =
        quantityBelow === undefined ? {} : { quantity: { $lt: quantityBelow } };
      // The driver hands over each document's BSON bytes (`raw`), decoded one at a time as the list
      // is written. Left to decode them itself, the driver's per-document work leaves garbage that
      // outlives young-generation collections, so a long list would grow the process until a full
      // collection; decoded here, each document is garbage again as soon as it has been written.
      return collection
        .find(filter, { sort: { _id: 1 }, batchSize: LIST_BATCH_SIZE, raw: true })
        .map((bytes) => BSON.deserialize(bytes as unknown as Uint8Array) as ProductRecord);
    },

    findById: (id) => collection.findOne({ _id: id }),

    async exists(id) {
      const found = await collection.findOne({ _id: id }, { projection: { _id: 1 } });
      return found !== null;
    },

    async remove(id, ifMatch) {
      const { deletedCount } = await collection.deleteOne({ _id: id, ...versionFilter(ifMatch) });
      return deletedCount === 1;
    },

    findByIds: (ids) => collection.find({ _id: { $in: [...ids] } }).toArray(),

    async takeStock(id, quantity) {
      const { modifiedCount } = await stock.updateOne(
        { _id: id, quantity: { $gte: quantity } },
        { $inc: { quantity: -quantity, ...VERSION_BUMP.$inc } },
      );
      return modifiedCount === 1;
    },

    async giveStock(id, quantity) {
      // `$gte: -Infinity` matches any number and nothing else (MongoDB compares within a type).
      await stock.updateOne(
        { _id: id, quantity: { $gte: -Infinity } },
        { $inc: { quantity, ...VERSION_BUMP.$inc } },
      );
    },

    updateGuarded(id, changes, { storedPriceNotNegative, ifMatch }) {
      const filter: Filter<StoredProduct> = { _id: id, ...versionFilter(ifMatch) };
      if (storedPriceNotNegative) filter.price = { $not: { $lt: 0 } };
      if (Object.keys(changes).length === 0) {
        // `$set: {}` is refused by MongoDB; an empty PATCH still answers with the product.
        return collection.findOne(filter);
      }
      return collection.findOneAndUpdate(
        filter,
        { $set: changes, ...VERSION_BUMP },
        { returnDocument: 'after' },
      );
    },
  };
}
