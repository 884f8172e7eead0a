import { ObjectId, type Db, type Document } from 'mongodb';
import type { NewProduct, ProductChanges, StoredProduct } from '../domain/product.js';

export const PRODUCTS_COLLECTION = 'products';

/** All access to the `products` collection. Ids go in as ObjectIds and come out as hex strings. */
export interface ProductsRepository {
  /** Inserts the product and returns its new id. */
  create(product: NewProduct): Promise<string>;
  /** Every product, oldest first (ascending `_id`). */
  list(): Promise<StoredProduct[]>;
  findById(id: ObjectId): Promise<StoredProduct | null>;
  /** Sets each key of `changes` as given; false when no product has the id. */
  update(id: ObjectId, changes: ProductChanges): Promise<boolean>;
  /** False when no product has the id. */
  remove(id: ObjectId): Promise<boolean>;
}

function toStoredProduct(document: Document): StoredProduct {
  const { _id: id, ...fields } = document;
  // Every document here was inserted by `create`, so its _id is an ObjectId the driver generated.
  const hexId = id instanceof ObjectId ? id.toHexString() : String(id);
  return { _id: hexId, ...fields };
}

export function createProductsRepository(db: Db): ProductsRepository {
  const collection = db.collection(PRODUCTS_COLLECTION);

  return {
    async create(product) {
      // A fresh copy: insertOne writes the generated _id back into the object it is given.
      const { insertedId } = await collection.insertOne({ ...product });
      return insertedId.toHexString();
    },

    async list() {
      const documents = await collection.find({}).sort({ _id: 1 }).toArray();
      return documents.map(toStoredProduct);
    },

    async findById(id) {
      const document = await collection.findOne({ _id: id });
      return document === null ? null : toStoredProduct(document);
    },

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
