import { BSON, Long, ObjectId, type DeserializeOptions, type Document } from 'bson';

/**
 * Every BSON value on the server goes through this one `bson` module: the query engine tells
 * ObjectIds apart by constructor, so a second copy of the library would break equality.
 */
export const DESERIALIZE_OPTIONS: DeserializeOptions = { promoteLongs: false };

export function isPlainObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Copies plain objects and arrays; BSON value classes are immutable enough to share. */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => cloneValue(v)) as T;
  if (isPlainObject(value)) {
    const out: Document = {};
    for (const [k, v] of Object.entries(value)) out[k] = cloneValue(v);
    return out as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  return value;
}

/** A string that is equal for two _id (or index key) values exactly when MongoDB treats them as equal. */
export function valueKey(value: unknown): string {
  if (typeof value === 'string') return `s${value}`;
  if (typeof value === 'number') return `n${value === 0 ? 0 : value}`;
  if (value instanceof ObjectId) return `o${value.toHexString()}`;
  if (value instanceof Long) {
    const n = value.toNumber();
    return Number.isSafeInteger(n) ? `n${n}` : `l${value.toString()}`;
  }
  if (value instanceof Date) return `d${value.getTime()}`;
  if (value === null || value === undefined) return 'z';
  if (typeof value === 'boolean') return value ? 'T' : 'F';
  return `b${Buffer.from(BSON.serialize({ v: value })).toString('base64')}`;
}

export function serializeDocument(doc: Document): Uint8Array {
  return BSON.serialize(doc);
}

export function deserializeDocument(bytes: Uint8Array): Document {
  return BSON.deserialize(bytes, DESERIALIZE_OPTIONS);
}
