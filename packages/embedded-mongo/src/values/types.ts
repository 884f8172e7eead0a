import {
  Binary,
  BSONRegExp,
  BSONSymbol,
  Code,
  DBRef,
  Decimal128,
  Double,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
} from 'bson';

/**
 * How a value of the server is held, and why.
 *
 * A JS number stands for the BSON type the bson library writes it as: an int32 when it is an
 * integer in the int32 range, a double otherwise. Every other number keeps its bson class: a
 * `Double` for a double with an integral value (and -0), a `Long` for an int64, a `Decimal128`
 * for a decimal. So every value carries its own exact BSON type, wherever it goes (queries,
 * updates, aggregation, sorting, index keys), with no bookkeeping beside it, while the common
 * numbers (int32 and fractional doubles) stay plain JS numbers that the query engine handles
 * natively. Comparisons, equality and arithmetic across the four numeric types go through
 * `values/numbers.ts`, which compares by exact value as MongoDB does.
 */
export type BsonTypeName =
  | 'double'
  | 'string'
  | 'object'
  | 'array'
  | 'binData'
  | 'undefined'
  | 'objectId'
  | 'bool'
  | 'date'
  | 'null'
  | 'regex'
  | 'dbPointer'
  | 'javascript'
  | 'symbol'
  | 'javascriptWithScope'
  | 'int'
  | 'timestamp'
  | 'long'
  | 'decimal'
  | 'minKey'
  | 'maxKey';

/** The numbers `$type` accepts for each type name (BSON's own type bytes). */
export const BSON_TYPE_NUMBERS: Readonly<Record<BsonTypeName, number>> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  javascriptWithScope: 15,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

export function isInt32(value: number): boolean {
  return (
    Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX && !Object.is(value, -0)
  );
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The BSON type of a value held by the server (see the representation above). */
export function bsonTypeOf(value: unknown): BsonTypeName {
  if (typeof value === 'number') return isInt32(value) ? 'int' : 'double';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Double) return 'double';
  // Timestamp extends Long in the bson package but is a type of its own.
  if (value instanceof Timestamp) return 'timestamp';
  if (value instanceof Long) return 'long';
  if (value instanceof Decimal128) return 'decimal';
  if (value instanceof ObjectId) return 'objectId';
  if (value instanceof Date) return 'date';
  if (value instanceof RegExp || value instanceof BSONRegExp) return 'regex';
  if (value instanceof Binary || value instanceof Uint8Array) return 'binData';
  if (value instanceof Code) return value.scope ? 'javascriptWithScope' : 'javascript';
  if (value instanceof BSONSymbol) return 'symbol';
  if (value instanceof MinKey) return 'minKey';
  if (value instanceof MaxKey) return 'maxKey';
  if (value instanceof DBRef) return 'object';
  return 'object';
}

export function isNumeric(value: unknown): boolean {
  const type = bsonTypeOf(value);
  return type === 'int' || type === 'long' || type === 'double' || type === 'decimal';
}

/** `$type`'s argument: a type name, its number, or the alias "number" (any numeric type). */
export function matchesTypeSpec(value: unknown, spec: unknown): boolean {
  if (spec === 'number') return isNumeric(value);
  const type = bsonTypeOf(value);
  if (typeof spec === 'string') return spec === type;
  const code = typeof spec === 'number' ? spec : spec instanceof Long ? spec.toNumber() : NaN;
  return BSON_TYPE_NUMBERS[type] === code;
}

/** True when `spec` names a BSON type `$type` knows; anything else is refused as MongoDB does. */
export function isTypeSpec(spec: unknown): boolean {
  if (spec === 'number') return true;
  if (typeof spec === 'string') return Object.hasOwn(BSON_TYPE_NUMBERS, spec);
  const code = typeof spec === 'number' ? spec : spec instanceof Long ? spec.toNumber() : NaN;
  return Object.values(BSON_TYPE_NUMBERS).includes(code);
}
