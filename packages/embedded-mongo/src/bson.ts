import { BSON, Double, Int32, type DeserializeOptions, type Document } from 'bson';
import { isInt32, isPlainObject } from './values/types.js';

export { isPlainObject } from './values/types.js';
export { valueKey } from './values/compare.js';

/**
 * Every BSON value on the server goes through this one `bson` module: values are told apart by
 * constructor, so a second copy of the library would break equality.
 */
const DESERIALIZE_OPTIONS: DeserializeOptions = { promoteValues: false };

/**
 * A number as read from the wire (every number arrives in its bson class), in the server's
 * representation (`values/types.ts`): an int32, or a double the bson library would write as a
 * double anyway, becomes a plain JS number; an integral double within the int32 range stays a
 * `Double`, and int64 and decimal values stay `Long` and `Decimal128`.
 */
function fromWireScalar(value: unknown): unknown {
  if (value instanceof Int32) return value.value;
  if (value instanceof Double) return isInt32(value.value) ? value : value.value;
  return value;
}

/** Converts freshly deserialized numbers in place to the server's representation. */
export function fromWire<T>(value: T): T {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      value[i] =
        Array.isArray(child) || isPlainObject(child) ? fromWire(child) : fromWireScalar(child);
    }
    return value;
  }
  if (isPlainObject(value)) {
    for (const key in value) {
      const child: unknown = value[key];
      const next =
        Array.isArray(child) || isPlainObject(child) ? fromWire(child) : fromWireScalar(child);
      if (next !== child) (value as Record<string, unknown>)[key] = next;
    }
  }
  return value;
}

/** Copies plain objects and arrays; BSON value classes are immutable enough to share. */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => cloneValue(v)) as T;
  if (isPlainObject(value)) {
    const out: Document = {};
    for (const key in value) out[key] = cloneValue(value[key]);
    return out as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  return value;
}

export function serializeDocument(doc: Document): Uint8Array {
  return BSON.serialize(doc);
}

export function deserializeDocument(bytes: Uint8Array): Document {
  return fromWire(BSON.deserialize(bytes, DESERIALIZE_OPTIONS));
}
