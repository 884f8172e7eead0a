import type { Document } from 'bson';
import { Binary, Decimal128, Long, MaxKey, MinKey, ObjectId, Timestamp, BSONRegExp } from 'bson';
import { resolve } from 'mingo/util';
import { isPlainObject } from '../bson.js';
import { MongoCommandError } from '../errors.js';

/** MongoDB's comparison order of BSON types; missing and null compare equal. */
function typeRank(value: unknown): number {
  if (value instanceof MinKey) return 0;
  if (value === undefined || value === null) return 2;
  if (typeof value === 'number' || value instanceof Long || value instanceof Decimal128) {
    return value instanceof Timestamp ? 11 : 3;
  }
  if (typeof value === 'string') return 4;
  if (Array.isArray(value)) return 6;
  if (isPlainObject(value)) return 5;
  if (value instanceof Binary || value instanceof Uint8Array) return 7;
  if (value instanceof ObjectId) return 8;
  if (typeof value === 'boolean') return 9;
  if (value instanceof Date) return 10;
  if (value instanceof RegExp || value instanceof BSONRegExp) return 12;
  if (value instanceof MaxKey) return 14;
  return 13;
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value instanceof Long) return value.toNumber();
  if (value instanceof Decimal128) return Number(value.toString());
  return Number.NaN;
}

function cmp<T extends number | string | bigint>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function bytesOf(value: Binary | Uint8Array): Uint8Array {
  return value instanceof Binary ? value.buffer.subarray(0, value.position) : value;
}

/** Compares two BSON values the way MongoDB orders them in a sort. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return cmp(ra, rb);
  switch (ra) {
    case 3: {
      if (a instanceof Long && b instanceof Long) return a.compare(b);
      const na = toNumber(a);
      const nb = toNumber(b);
      // NaN sorts before every other number.
      if (Number.isNaN(na) || Number.isNaN(nb))
        return cmp(Number.isNaN(na) ? 0 : 1, Number.isNaN(nb) ? 0 : 1);
      return cmp(na, nb);
    }
    case 4:
      return cmp(a as string, b as string);
    case 5: {
      const ea = Object.entries(a as Document);
      const eb = Object.entries(b as Document);
      for (let i = 0; i < Math.min(ea.length, eb.length); i++) {
        const [ka, va] = ea[i] as [string, unknown];
        const [kb, vb] = eb[i] as [string, unknown];
        const byType = cmp(typeRank(va), typeRank(vb));
        if (byType !== 0) return byType;
        const byName = cmp(ka, kb);
        if (byName !== 0) return byName;
        const byValue = compareValues(va, vb);
        if (byValue !== 0) return byValue;
      }
      return cmp(ea.length, eb.length);
    }
    case 6: {
      const xa = a as unknown[];
      const xb = b as unknown[];
      for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
        const c = compareValues(xa[i], xb[i]);
        if (c !== 0) return c;
      }
      return cmp(xa.length, xb.length);
    }
    case 7: {
      const ba = bytesOf(a as Binary | Uint8Array);
      const bb = bytesOf(b as Binary | Uint8Array);
      if (ba.length !== bb.length) return cmp(ba.length, bb.length);
      const sa = a instanceof Binary ? a.sub_type : 0;
      const sb = b instanceof Binary ? b.sub_type : 0;
      if (sa !== sb) return cmp(sa, sb);
      return Buffer.compare(ba, bb);
    }
    case 8:
      return cmp((a as ObjectId).toHexString(), (b as ObjectId).toHexString());
    case 9:
      return cmp(Number(a), Number(b));
    case 10:
      return cmp((a as Date).getTime(), (b as Date).getTime());
    case 11:
      return (a as Timestamp).compare(b as Timestamp);
    case 12: {
      const sa = a instanceof RegExp ? a.source : (a as BSONRegExp).pattern;
      const sb = b instanceof RegExp ? b.source : (b as BSONRegExp).pattern;
      return cmp(sa, sb);
    }
    default:
      return 0;
  }
}

/**
 * The value a document sorts by for one field: for an array, its smallest element when ascending
 * and its largest when descending (an empty array sorts before null), as MongoDB does.
 */
function sortKey(doc: Document, path: string, direction: 1 | -1): unknown {
  const value: unknown = resolve(doc, path);
  if (!Array.isArray(value)) return value;
  const flat = value.flat();
  if (flat.length === 0) return new MinKey();
  let best: unknown = flat[0];
  for (const v of flat.slice(1)) if (compareValues(v, best) * direction < 0) best = v;
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

/** Sorts documents by a sort specification; equal documents keep their natural order. */
export function sortDocuments(docs: Iterable<Document>, spec: Document): Document[] {
  const fields = parseSort(spec);
  const keyed = [...docs].map((doc) => ({
    doc,
    keys: fields.map((f) => sortKey(doc, f.path, f.direction)),
  }));
  keyed.sort((x, y) => {
    for (let i = 0; i < fields.length; i++) {
      const c = compareValues(x.keys[i], y.keys[i]);
      if (c !== 0) return c * (fields[i] as { direction: 1 | -1 }).direction;
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}
