import { BSON, type Document } from 'bson';
import { isPlainObject } from '../bson.js';

function sameBytes(a: unknown, b: unknown): boolean {
  return Buffer.from(BSON.serialize({ v: a })).equals(BSON.serialize({ v: b }));
}

function sameValue(a: unknown, b: unknown): boolean {
  // The same number may still be written two ways (0 and -0); any other shared value is itself.
  if (a === b && (typeof a !== 'number' || Object.is(a, b))) return true;
  if (typeof a === 'string' || typeof a === 'boolean') return a === b;
  // Two numbers of different values are written differently, NaN payloads aside.
  if (
    typeof a === 'number' &&
    typeof b === 'number' &&
    a !== b &&
    !Number.isNaN(a) &&
    !Number.isNaN(b)
  )
    return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (isPlainObject(a) && isPlainObject(b)) return sameDocument(a, b);
  if (a instanceof Date && b instanceof Date && a.getTime() === b.getTime()) return true;
  return sameBytes(a, b);
}

/**
 * Whether two documents would be stored as the same bytes: what tells an update that changed
 * nothing, as MongoDB tells it. Walked side by side rather than serialized twice, which an update
 * of a large document would pay in full; values of other kinds are compared by their bytes.
 */
export function sameDocument(a: Document, b: Document): boolean {
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key !== other[i] || !sameValue(a[key], b[key])) return false;
  }
  return true;
}
