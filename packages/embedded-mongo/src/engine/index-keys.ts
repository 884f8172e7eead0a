import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { isPlainObject } from '../values/types.js';

/** The keys one document contributes to an index, and which of its fields went through an array. */
export interface DocumentKeys {
  /** One tuple per key, a value for each indexed field (null where the field is missing). */
  tuples: unknown[][];
  /** Per indexed field: whether an array lay on its path (the index is then multikey there). */
  arrays: boolean[];
}

/**
 * Collects the values a path reaches, as MongoDB's key generator does: every element of an
 * array on the way is followed, an array at the end contributes each element (an empty one the
 * `undefined` key), and a missing path the null key.
 */
function collect(value: unknown, parts: readonly string[], at: number, out: unknown[]): boolean {
  if (at === parts.length) {
    if (!Array.isArray(value)) {
      out.push(value === undefined ? null : value);
      return false;
    }
    if (value.length === 0) out.push(undefined);
    for (const item of value) out.push(item);
    return true;
  }
  const part = parts[at] as string;
  if (Array.isArray(value)) {
    const before = out.length;
    for (const item of value) if (isPlainObject(item)) collect(item[part], parts, at + 1, out);
    if (out.length === before) out.push(null);
    return true;
  }
  if (isPlainObject(value)) return collect(value[part], parts, at + 1, out);
  out.push(null);
  return false;
}

/**
 * The index keys of a document for the index's field paths. Two fields that go through different
 * arrays would need every combination of their elements, which MongoDB refuses (171); fields
 * under the same array (`a.b` and `a.c`) are combined, a superset of MongoDB's keys, which is
 * enough here because every document found through an index is checked against the whole filter.
 */
export function documentKeys(
  doc: Document,
  paths: ReadonlyArray<readonly string[]>,
  names: readonly string[],
): DocumentKeys {
  const perField: unknown[][] = [];
  const arrays: boolean[] = [];
  let arrayField = -1;
  paths.forEach((parts, i) => {
    const values: unknown[] = [];
    const array = collect(doc, parts, 0, values);
    if (array) {
      const other = paths[arrayField];
      if (other && other[0] !== parts[0]) {
        throw new MongoCommandError(
          'CannotIndexParallelArrays',
          `cannot index parallel arrays [${names[i] ?? ''}] [${names[arrayField] ?? ''}]`,
        );
      }
      arrayField = i;
    }
    perField.push(values);
    arrays.push(array);
  });
  let tuples: unknown[][] = [[]];
  for (const values of perField) {
    if (values.length === 1) for (const tuple of tuples) tuple.push(values[0]);
    else tuples = tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
  }
  return { tuples, arrays };
}
