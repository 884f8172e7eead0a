import { MongoBulkWriteError, type Db, type ObjectId } from 'mongodb';
import type { MenuItemRecord } from '../domain/menu-item.js';
import { isOnlyDuplicateKeys } from './duplicate-key.js';

export const MENU_COLLECTION = 'menu';

/** All access to the `menu` collection. The service never changes the menu, it only seeds it. */
export interface MenuRepository {
  /** Every item, or those of one category, ordered by name. */
  list(category?: string): Promise<MenuItemRecord[]>;
  findById(id: ObjectId): Promise<MenuItemRecord | null>;
  /** The items among `ids` that exist, in one query. */
  findByIds(ids: readonly ObjectId[]): Promise<MenuItemRecord[]>;
  isEmpty(): Promise<boolean>;
  /**
   * Deletes the items stored in an earlier shape (a single price, no sizes), which only an
   * earlier version's seeding wrote; returns how many.
   */
  removeOutdated(): Promise<number>;
  /**
   * Inserts the items whose `_id` is not taken yet and returns how many were inserted; an item
   * another process inserted first is left as it is (seeding from two instances at once).
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
