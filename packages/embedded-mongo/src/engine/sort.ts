import type { Document } from 'bson';
import { Long, MinKey } from 'bson';
import { resolve } from 'mingo/util';
import { MongoCommandError } from '../errors.js';
import { compareValues, type StringComparator } from '../values/compare.js';

/**
 * The value a document sorts by for one field: for an array, its smallest element when ascending
 * and its largest when descending (an empty array sorts before null), as MongoDB does.
 */
function sortKey(
  doc: Document,
  path: string,
  direction: 1 | -1,
  strings: StringComparator | undefined,
): unknown {
  const value: unknown = resolve(doc, path);
  if (!Array.isArray(value)) return value;
  const flat = value.flat();
  if (flat.length === 0) return new MinKey();
  let best: unknown = flat[0];
  for (const v of flat.slice(1)) if (compareValues(v, best, strings) * direction < 0) best = v;
  return best;
}

export function parseSort(spec: Document): Array<{ path: string; direction: 1 | -1 }> {
  return Object.entries(spec).map(([path, dir]) => {
    const n = typeof dir === 'number' ? dir : dir instanceof Long ? dir.toNumber() : Number.NaN;
    if (n !== 1 && n !== -1) {
      throw new MongoCommandError(
        'BadValue',
        `$sort key ordering must be 1 (for ascending) or -1 (for descending)`,
      );
    }
    return { path, direction: n };
  });
}

/**
 * Sorts documents by a sort specification, strings under `strings` (a collation) when given;
 * equal documents keep their natural order.
 */
export function sortDocuments(
  docs: Iterable<Document>,
  spec: Document,
  strings?: StringComparator,
): Document[] {
  const fields = parseSort(spec);
  const keyed = [...docs].map((doc) => ({
    doc,
    keys: fields.map((f) => sortKey(doc, f.path, f.direction, strings)),
  }));
  keyed.sort((x, y) => {
    for (let i = 0; i < fields.length; i++) {
      const c = compareValues(x.keys[i], y.keys[i], strings);
      if (c !== 0) return c * (fields[i] as { direction: 1 | -1 }).direction;
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}
