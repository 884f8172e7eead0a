import type { Document } from 'bson';
import { CappedCollection } from './capped.js';
import type { Collection } from './collection.js';
import type { Engine } from './engine.js';
import type { IndexSpec } from './index-spec.js';
import { matching } from './query.js';

/** A TTL index: single-field, not `_id`, with `expireAfterSeconds` (compound ones never expire). */
function ttlField(spec: IndexSpec): string | undefined {
  if (spec.expireAfterSeconds === undefined || spec.name === '_id_') return undefined;
  const fields = Object.keys(spec.key);
  return fields.length === 1 ? fields[0] : undefined;
}

/**
 * The filter of the documents a TTL index has expired at `now`. `$lt` on a date matches dates
 * only (type bracketing), so a field that is not a date, or is missing, never expires; on an
 * array it matches when any element does, which is when the earliest date has expired.
 */
function expiredFilter(spec: IndexSpec, field: string, now: number): Document | undefined {
  const seconds = spec.expireAfterSeconds;
  if (seconds === undefined || !Number.isFinite(seconds)) return undefined;
  const filter: Document = { [field]: { $lt: new Date(now - seconds * 1000) } };
  // A partial TTL index holds, and so expires, only the documents its filter selects.
  return spec.partialFilterExpression ? { $and: [filter, spec.partialFilterExpression] } : filter;
}

function expireCollection(coll: Collection, now: number): number {
  let removed = 0;
  for (const spec of coll.indexes) {
    const field = ttlField(spec);
    const filter = field === undefined ? undefined : expiredFilter(spec, field, now);
    if (filter === undefined) continue;
    // Collected first: removing while the plan iterates an index would disturb it.
    const expired = [...matching(coll, filter)];
    for (const doc of expired) coll.remove(doc);
    removed += expired.length;
  }
  return removed;
}

/**
 * One pass of the TTL monitor: removes, through the collection's ordinary delete, every document
 * a TTL index has expired. Capped collections are skipped, as MongoDB cannot delete from them.
 * Returns how many documents went.
 */
export function expireDocuments(engine: Engine, now: number = Date.now()): number {
  let removed = 0;
  for (const db of engine.databases()) {
    for (const coll of engine.collections(db)) {
      if (coll instanceof CappedCollection) continue;
      removed += expireCollection(coll, now);
    }
  }
  return removed;
}
