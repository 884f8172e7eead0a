import { MongoBulkWriteError, MongoServerError, type Db, type ObjectId } from 'mongodb';
import type { MenuItemRecord } from '../domain/menu-item.js';

export const MENU_COLLECTION = 'menu';

/** The service never changes the menu, it only seeds it. */
export interface MenuRepository {
  /** Ordered by name. */
  list(category?: string): Promise<MenuItemRecord[]>;
  findById(id: ObjectId): Promise<MenuItemRecord | null>;
  findByIds(ids: readonly ObjectId[]): Promise<MenuItemRecord[]>;
  isEmpty(): Promise<boolean>;
  /** Deletes the items stored in an earlier shape (no sizes); returns how many. */
  removeOutdated(): Promise<number>;
  /**
   * Inserts the items whose `_id` is not taken yet, returning how many; an item another process
   * inserted first is left as it is (seeding from two instances at once).
   */
  createMissing(items: readonly MenuItemRecord[]): Promise<number>;
}

export function createMenuRepository(db: Db): MenuRepository {
  const collection = db.collection<MenuItemRecord>(MENU_COLLECTION);

  return {
    list: (category) =>
      collection
        .find(category === undefined ? {} : { category })
        .sort({ name: 1, _id: 1 })
        .toArray(),

    findById: (id) => collection.findOne({ _id: id }),

    findByIds: async (ids) =>
      ids.length === 0 ? [] : collection.find({ _id: { $in: [...ids] } }).toArray(),

    isEmpty: async () => (await collection.findOne({}, { projection: { _id: 1 } })) === null,

    async removeOutdated() {
      const { deletedCount } = await collection.deleteMany({ sizes: { $exists: false } });
      return deletedCount;
    },

    async createMissing(items) {
      if (items.length === 0) return 0;
      try {
        // Copies, so that nothing done to an inserted document reaches the shared default menu.
        const copies = items.map((item) => ({
          ...item,
          sizes: item.sizes.map((size) => ({ ...size })),
          crusts: [...item.crusts],
          toppings: item.toppings.map((topping) => ({ ...topping })),
        }));
        const { insertedCount } = await collection.insertMany(copies, { ordered: false });
        return insertedCount;
      } catch (error) {
        if (!isOnlyDuplicateKeys(error)) throw error;
        return error instanceof MongoBulkWriteError ? error.insertedCount : 0;
      }
    },
  };
}

const DUPLICATE_KEY = 11000;

/** True when every write that failed in `error` failed only because the document already exists. */
function isOnlyDuplicateKeys(error: unknown): boolean {
  if (error instanceof MongoBulkWriteError) {
    const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    return writeErrors.length > 0 && writeErrors.every((write) => write.code === DUPLICATE_KEY);
  }
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}
