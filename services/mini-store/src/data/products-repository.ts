import type { Db, ObjectId } from 'mongodb';
import type { NewProduct, ProductChanges, ProductRecord } from '../domain/product.js';

export const PRODUCTS_COLLECTION = 'products';

/** All access to the `products` collection. */
export interface ProductsRepository {
  /** Inserts the product and returns its new id. */
  create(product: NewProduct): Promise<ObjectId>;
  /** Every product, oldest first (ascending `_id`). */
  list(): Promise<ProductRecord[]>;
  findById(id: ObjectId): Promise<ProductRecord | null>;
  /** Sets each key of `changes` as given; false when no product has the id. */
  update(id: ObjectId, changes: ProductChanges): Promise<boolean>;
  /** False when no product has the id. */
  remove(id: ObjectId): Promise<boolean>;
}

export function createProductsRepository(db: Db): ProductsRepository {
  const collection = db.collection<ProductRecord>(PRODUCTS_COLLECTION);

  return {
    async create(product) {
      // A fresh copy: insertOne writes the generated _id back into the object it is given.
      const { insertedId } = await collection.insertOne({ ...product } as ProductRecord);
      return insertedId;
    },

    list: () => collection.find({}).sort({ _id: 1 }).toArray(),

    findById: (id) => collection.findOne({ _id: id }),

    async update(id, changes) {
      if (Object.keys(changes).length === 0) {
        // Nothing to write; the answer still depends on whether the product exists.
        return (await collection.countDocuments({ _id: id }, { limit: 1 })) > 0;
      }
      // matchedCount, not modifiedCount: sending the stored values again still finds the product.
      const { matchedCount } = await collection.updateOne({ _id: id }, { $set: changes });
      return matchedCount > 0;
    },

    async remove(id) {
      const { deletedCount } = await collection.deleteOne({ _id: id });
      return deletedCount > 0;
    },
  };
}
