import { MongoBulkWriteError, type Db, type ObjectId } from 'mongodb';
import type { MenuItemRecord } from '../domain/menu-item.js';
import { isOnlyDuplicateKeys } from './duplicate-key.js';

export const MENU_COLLECTION = 'menu';

/** All access to the `menu` collection. The service never changes the menu, it only seeds it. */
export interface MenuRepository {
  /** Every item, ordered by name. */
  list(): Promise<MenuItemRecord[]>;
  findById(id: ObjectId): Promise<MenuItemRecord | null>;
  /** The items among `ids` that exist, in one query. */
  findByIds(ids: readonly ObjectId[]): Promise<MenuItemRecord[]>;
  isEmpty(): Promise<boolean>;
  /**
   * Inserts the items whose `_id` is not taken yet and returns how many were inserted; an item
   * another process inserted first is left as it is (seeding from two instances at once).
   */
  createMissing(items: readonly MenuItemRecord[]): Promise<number>;
}

export function createMenuRepository(db: Db): MenuRepository {
  const collection = db.collection<MenuItemRecord>(MENU_COLLECTION);

  return {
    list: () => collection.find({}).sort({ name: 1, _id: 1 }).toArray(),

    findById: (id) => collection.findOne({ _id: id }),

    findByIds: async (ids) =>
      ids.length === 0 ? [] : collection.find({ _id: { $in: [...ids] } }).toArray(),

    isEmpty: async () => (await collection.findOne({}, { projection: { _id: 1 } })) === null,

    async createMissing(items) {
      if (items.length === 0) return 0;
      try {
        // Copies, so that nothing done to an inserted document reaches the shared default menu.
        const copies = items.map((item) => ({ ...item, toppings: [...item.toppings] }));
        const { insertedCount } = await collection.insertMany(copies, { ordered: false });
        return insertedCount;
      } catch (error) {
        if (!isOnlyDuplicateKeys(error)) throw error;
        return error instanceof MongoBulkWriteError ? error.insertedCount : 0;
      }
    },
  };
}
