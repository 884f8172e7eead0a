import {
  Binary,
  BSON,
  BSONSymbol,
  ObjectId,
  type BSONRegExp,
  type Code,
  type Timestamp,
} from 'bson';
import { compareNumbers, numberKey } from './numbers.js';
import { bsonTypeOf, isPlainObject, type BsonTypeName } from './types.js';

/** Compares two strings under a collation; the default (no collation) is simple binary order. */
export type StringComparator = (a: string, b: string) => number;

/** MongoDB's order of BSON types; missing, undefined and null sort together. */
const TYPE_RANK: Readonly<Record<BsonTypeName, number>> = {
  minKey: 0,
  undefined: 2,
  null: 2,
  int: 3,
  long: 3,
  double: 3,
  decimal: 3,
  symbol: 4,
  string: 4,
  object: 5,
  array: 6,
  binData: 7,
  objectId: 8,
  bool: 9,
  date: 10,
  timestamp: 11,
  regex: 12,
  dbPointer: 13,
  javascript: 14,
  javascriptWithScope: 15,
  maxKey: 16,
};

export function typeRank(value: unknown): number {
  return TYPE_RANK[bsonTypeOf(value)];
}

function cmp<T extends number | string | bigint>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const binaryOrder: StringComparator = (a, b) => cmp(a, b);

function bytesOf(value: unknown): Uint8Array {
  return value instanceof Binary ? value.buffer.subarray(0, value.position) : (value as Uint8Array);
}

function textOf(value: unknown): string {
  return value instanceof BSONSymbol ? value.value : (value as string);
}

function regexParts(value: unknown): [string, string] {
  return value instanceof RegExp
    ? [value.source, value.flags]
    : [(value as BSONRegExp).pattern, (value as BSONRegExp).options];
}

/**
 * Compares two values the way MongoDB orders them (sort, range queries, index order): first by
 * type rank, then within the type. Numbers compare by exact value across int, long, double and
 * decimal; strings by `strings` (a collation, or binary order); documents field by field
 * (type, then name, then value); arrays element by element.
 */
export function compareValues(
  a: unknown,
  b: unknown,
  strings: StringComparator = binaryOrder,
): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return cmp(ra, rb);
  switch (ra) {
    case 3:
      return compareNumbers(a, b);
    case 4:
      return strings(textOf(a), textOf(b));
    case 5: {
      const ea = Object.entries(a as Record<string, unknown>);
      const eb = Object.entries(b as Record<string, unknown>);
      for (let i = 0; i < Math.min(ea.length, eb.length); i++) {
        const [ka, va] = ea[i] as [string, unknown];
        const [kb, vb] = eb[i] as [string, unknown];
        const byType = cmp(typeRank(va), typeRank(vb));
        if (byType !== 0) return byType;
        const byName = cmp(ka, kb);
        if (byName !== 0) return byName;
        const byValue = compareValues(va, vb, strings);
        if (byValue !== 0) return byValue;
      }
      return cmp(ea.length, eb.length);
    }
    case 6: {
      const xa = a as unknown[];
      const xb = b as unknown[];
      for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
        const c = compareValues(xa[i], xb[i], strings);
        if (c !== 0) return c;
      }
      return cmp(xa.length, xb.length);
    }
    case 7: {
      const ba = bytesOf(a);
      const bb = bytesOf(b);
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
      const [pa, fa] = regexParts(a);
      const [pb, fb] = regexParts(b);
      return cmp(pa, pb) || cmp(fa, fb);
    }
    case 14:
    case 15:
      return cmp((a as Code).code, (b as Code).code);
    default:
      return 0;
  }
}

export function valuesEqual(a: unknown, b: unknown, strings?: StringComparator): boolean {
  return compareValues(a, b, strings) === 0;
}

/**
 * A string that is the same for two values exactly when MongoDB treats them as equal without a
 * collation (for `_id`, unique index keys, `$group` keys, `distinct`): numbers by exact value,
 * documents and arrays by their parts in order.
 */
export function valueKey(value: unknown): string {
  // The common _id types first: this runs for every look-up and write by _id.
  if (value instanceof ObjectId) return `o${value.toHexString()}`;
  if (typeof value === 'string') return `s${value}`;
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    return `n${value === 0 ? 0 : value}`;
  }
  const type = bsonTypeOf(value);
  switch (type) {
    case 'int':
    case 'long':
    case 'double':
    case 'decimal':
      return `n${numberKey(value)}`;
    case 'string':
    case 'symbol':
      return `s${textOf(value)}`;
    case 'objectId':
      return `o${(value as ObjectId).toHexString()}`;
    case 'date':
      return `d${(value as Date).getTime()}`;
    case 'null':
    case 'undefined':
      return 'z';
    case 'bool':
      return value ? 'T' : 'F';
    case 'array':
      return `a[${(value as unknown[]).map(valueKey).join(',')}]`;
    case 'object':
      if (isPlainObject(value)) {
        const parts = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${valueKey(v)}`);
        return `{${parts.join(',')}}`;
      }
      return `b${Buffer.from(BSON.serialize({ v: value })).toString('base64')}`;
    default:
      return `${type}:${Buffer.from(BSON.serialize({ v: value })).toString('base64')}`;
  }
}
