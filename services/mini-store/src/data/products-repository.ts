import {
  storedVersion,
  VERSION_BUMP,
  VERSION_FIELD,
  versionFilter,
  type IfMatch,
  type Versioned,
} from '@repo/common';
import type { Db, ObjectId } from 'mongodb';
import type { NewProduct, ProductChanges, ProductRecord } from '../domain/product.js';

export const PRODUCTS_COLLECTION = 'products';

export interface ProductsRepository {
  create(product: NewProduct): Promise<ObjectId>;
  /** Oldest first (ascending `_id`). */
  list(): Promise<ProductRecord[]>;
  findById(id: ObjectId): Promise<ProductRecord | null>;
  /**
   * The product's version after the write; null when no product has the id, or its version is
   * not one `ifMatch` names (checked in the same operation), never because nothing changed.
   */
  update(id: ObjectId, changes: ProductChanges, ifMatch?: IfMatch): Promise<number | null>;
  /** False when no product has the id, or its version is not one `ifMatch` names. */
  remove(id: ObjectId, ifMatch?: IfMatch): Promise<boolean>;
  exists(id: ObjectId): Promise<boolean>;
}

export function createProductsRepository(db: Db): ProductsRepository {
  const collection = db.collection<ProductRecord>(PRODUCTS_COLLECTION);
  // Typed by the one field the service owns besides `_id`: the other keys are the client's.
  const versioned = db.collection<Versioned>(PRODUCTS_COLLECTION);

  return {
    async create(product) {
      // A fresh copy: insertOne writes the generated _id back into the object it is given.
      const { insertedId } = await collection.insertOne({ ...product } as ProductRecord);
      return insertedId;
    },

    list: () => collection.find({}).sort({ _id: 1 }).toArray(),

    findById: (id) => collection.findOne({ _id: id }),

    async update(id, changes, ifMatch) {
      const filter = { _id: id, ...versionFilter(ifMatch) };
      const options = { projection: { [VERSION_FIELD]: 1 } };
      // Nothing to write when nothing is sent; the answer still depends on whether the product exists.
      const written =
        Object.keys(changes).length === 0
          ? await versioned.findOne(filter, options)
          : await versioned.findOneAndUpdate(
              filter,
              { $set: changes, ...VERSION_BUMP },
              { ...options, returnDocument: 'after' },
            );
      return written === null ? null : storedVersion(written);
    },

    async remove(id, ifMatch) {
      const { deletedCount } = await collection.deleteOne({ _id: id, ...versionFilter(ifMatch) });
      return deletedCount > 0;
    },

    exists: async (id) => (await collection.countDocuments({ _id: id }, { limit: 1 })) > 0,
  };
}
