import type { Db } from 'mongodb';

/**
 * Copies every collection of `from` into the fresh database `to`: its index definitions first,
 * then its documents, `_id`s included, so requests prepared against one serve the other alike.
 */
export async function copyDatabase(from: Db, to: Db): Promise<void> {
  const collections = await from.listCollections({}, { nameOnly: true }).toArray();
  for (const { name } of collections) {
    const source = from.collection(name);
    const target = await to.createCollection(name);
    const indexes = (await source.indexes()).filter((index) => index.name !== '_id_');
    if (indexes.length > 0) {
      await target.createIndexes(indexes.map(({ v: _version, ...description }) => description));
    }
    const documents = await source.find().toArray();
    if (documents.length > 0) await target.insertMany(documents, { ordered: true });
  }
}
