import { Long, ObjectId, type Document } from 'bson';
import { isPlainObject, valueKey } from '../bson.js';
import type { CommandContext } from './context.js';

/** The fields of the find a driver's `findOne({ _id })` sends; anything else takes the full path. */
const FIND_ONE_FIELDS = new Set([
  'find',
  'filter',
  'limit',
  'singleBatch',
  'batchSize',
  'lsid',
  '$db',
]);
const NO_CURSOR = Long.fromNumber(0);

function isPlainId(value: unknown): boolean {
  return (
    value instanceof ObjectId ||
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isSafeInteger(value))
  );
}

/**
 * Answers `findOne({ _id: <ObjectId, string or integer> })` on an existing collection directly
 * from the `_id` map: the reply is the one the general path would build (one batch, no cursor),
 * without planning, a cursor or an iterator. This is the most frequent read of the services,
 * and the general path costs it several times the server time of a `ping`. Returns undefined
 * for anything else.
 */
export function findOneById(cmd: Document, db: string, ctx: CommandContext): Document | undefined {
  for (const key in cmd) if (!FIND_ONE_FIELDS.has(key)) return undefined;
  if (cmd['limit'] !== 1 || cmd['singleBatch'] !== true) return undefined;
  const batchSize: unknown = cmd['batchSize'];
  if (batchSize !== undefined && !(typeof batchSize === 'number' && batchSize >= 1))
    return undefined;
  const name: unknown = cmd['find'];
  const filter: unknown = cmd['filter'];
  if (typeof name !== 'string' || !isPlainObject(filter)) return undefined;
  let fields = 0;
  for (const _key in filter) fields += 1;
  const id: unknown = filter['_id'];
  if (fields !== 1 || !isPlainId(id)) return undefined;
  const coll = ctx.engine.collection(db, name);
  if (!coll) return undefined;
  const doc = coll.docs.get(valueKey(id));
  return { cursor: { firstBatch: doc ? [doc] : [], id: NO_CURSOR, ns: `${db}.${name}` }, ok: 1 };
}
