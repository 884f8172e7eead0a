import { BSON, type Document } from 'bson';
import { CappedCollection } from '../engine/capped.js';
import { viewDefinition, viewNotCollectionError } from '../engine/views.js';
import { asNumber, collectionName, type CommandHandler } from './context.js';

/**
 * collStats, as far as a store held in memory can answer it: counts and BSON sizes are real,
 * storage and index sizes are those same data sizes (there are no pages or index files), and
 * a capped collection reports its limits.
 */
export const collStats: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'collStats');
  const scaleArg = asNumber(cmd['scale'], 'scale');
  const scale = scaleArg !== undefined && scaleArg > 0 ? Math.trunc(scaleArg) : 1;
  const coll = ctx.engine.collection(db, name);
  if (!coll && viewDefinition(ctx.engine, db, name)) throw viewNotCollectionError(db, name);
  let size = 0;
  for (const doc of coll?.docs.values() ?? []) size += BSON.calculateObjectSize(doc);
  const count = coll?.docs.size ?? 0;
  const indexes = coll?.listIndexes() ?? [];
  const indexSizes: Document = {};
  for (const index of indexes) indexSizes[String(index['name'])] = 0;
  const reply: Document = {
    ns: `${db}.${name}`,
    size: Math.trunc(size / scale),
    count,
    storageSize: Math.trunc(size / scale),
    freeStorageSize: 0,
    capped: coll instanceof CappedCollection,
  };
  if (count > 0) reply['avgObjSize'] = Math.trunc(size / count);
  if (coll instanceof CappedCollection) {
    if (coll.limits.max !== undefined) reply['max'] = coll.limits.max;
    reply['maxSize'] = Math.trunc(coll.limits.size / scale);
  }
  Object.assign(reply, {
    nindexes: indexes.length,
    indexBuilds: [],
    totalIndexSize: 0,
    totalSize: Math.trunc(size / scale),
    indexSizes,
    scaleFactor: scale,
    ok: 1,
  });
  return reply;
};
