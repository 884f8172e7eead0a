import { MongoBulkWriteError, type Collection, type Db, type ObjectId } from 'mongodb';
import { isOnlyDuplicateKeys } from './duplicate-key.js';

export const MENU_COLLECTION = 'menu';

/** A menu item as stored. `price` is in cents. */
export interface MenuItemRecord {
  _id: ObjectId;
  name: string;
  price: number;
  toppings: string[];
}

export interface MenuRepository {
  /** Every item, ordered by name. */
  list(): Promise<MenuItemRecord[]>;
  findById(id: ObjectId): Promise<MenuItemRecord | null>;
  /** The items among `ids` that exist, in one query. */
  findByIds(ids: readonly ObjectId[]): Promise<MenuItemRecord[]>;
  isEmpty(): Promise<boolean>;
  /** Inserts the items whose `_id` is not taken yet and returns how many were inserted. */
  insertKeepingExisting(items: readonly MenuItemRecord[]): Promise<number>;
}

export function createMenuRepository(db: Db): MenuRepository {
  const collection: Collection<MenuItemRecord> = db.collection<MenuItemRecord>(MENU_COLLECTION);

  return {
    list: () => collection.find({}).sort({ name: 1, _id: 1 }).toArray(),

    findById: (id) => collection.findOne({ _id: id }),

    findByIds: async (ids) =>
      ids.length === 0 ? [] : collection.find({ _id: { $in: [...ids] } }).toArray(),

    isEmpty: async () => (await collection.findOne({}, { projection: { _id: 1 } })) === null,

    insertKeepingExisting: async (items) => {
      if (items.length === 0) return 0;
      try {
        const result = await collection.insertMany(
          items.map((item) => ({ ...item, toppings: [...item.toppings] })),
          { ordered: false },
        );
        return result.insertedCount;
      } catch (error) {
        if (!isOnlyDuplicateKeys(error)) throw error;
        return error instanceof MongoBulkWriteError ? error.insertedCount : 0;
      }
    },
  };
}
