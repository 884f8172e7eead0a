import {
  BSON,
  Double,
  Int32,
  Long,
  ObjectId,
  Timestamp,
  type DeserializeOptions,
  type Document,
} from 'bson';

/**
 * Every BSON value on the server goes through this one `bson` module: the query engine tells
 * ObjectIds apart by constructor, so a second copy of the library would break equality.
 *
 * The query engine only understands plain JS numbers, so int32, double and int64 values are held
 * as numbers. The BSON type a number must be written back as (when plain number serialization
 * would choose differently: an int64, or a double with an integral value) is remembered in a
 * symbol-keyed map on the containing object or array, invisible to the query engine.
 */
export const BSON_TYPES = Symbol('bsonTypes');
export type NumberType = 'long' | 'double';
type TypeMap = Record<string, NumberType>;
type Container = (Document | unknown[]) & { [BSON_TYPES]?: TypeMap };

const DESERIALIZE_OPTIONS: DeserializeOptions = { promoteValues: false };

export function isPlainObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isContainer(value: unknown): value is Container {
  return Array.isArray(value) || isPlainObject(value);
}

export function typesOf(container: object): TypeMap | undefined {
  return (container as Container)[BSON_TYPES];
}

export function setType(container: object, key: string, type: NumberType | undefined): void {
  const c = container as Container;
  if (type) {
    c[BSON_TYPES] ??= {};
    (c[BSON_TYPES] as TypeMap)[key] = type;
  } else if (c[BSON_TYPES]) {
    delete (c[BSON_TYPES] as TypeMap)[key];
  }
}

function fromWireScalar(value: unknown): { value: unknown; type?: NumberType } {
  if (value instanceof Int32) return { value: value.value };
  if (value instanceof Double) {
    const n = value.value;
    return Number.isInteger(n) ? { value: n, type: 'double' } : { value: n };
  }
  // Timestamp extends Long in the bson package but is a different BSON type.
  if (value instanceof Long && !(value instanceof Timestamp)) {
    const n = value.toNumber();
    // Beyond 2^53 a JS number would lose digits; such values stay Long (compared as strings).
    return Number.isSafeInteger(n) ? { value: n, type: 'long' } : { value };
  }
  return { value };
}

/** Converts freshly deserialized numeric wrappers in place into numbers plus type notes. */
export function fromWire<T>(value: T): T {
  if (!isContainer(value)) return value;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  for (const [key, child] of entries) {
    if (isContainer(child)) {
      fromWire(child);
      continue;
    }
    const converted = fromWireScalar(child);
    if (converted.value !== child)
      (value as Record<string | number, unknown>)[key] = converted.value;
    if (converted.type) setType(value, String(key), converted.type);
  }
  return value;
}

function wrap(value: unknown, type: NumberType | undefined): unknown {
  if (type === undefined || typeof value !== 'number') return value;
  if (type === 'long') return Number.isInteger(value) ? Long.fromNumber(value) : value;
  return new Double(value);
}

/** The BSON-ready form of a value: numbers with a type note become Long/Double; copies only what changes. */
export function toWire<T>(value: T): T {
  if (Array.isArray(value)) {
    const types = typesOf(value);
    let out: unknown[] = value;
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      const next = isContainer(child) ? toWire(child) : wrap(child, types?.[String(i)]);
      if (next !== child) {
        if (out === value) out = value.slice();
        out[i] = next;
      }
    }
    return out as T;
  }
  if (isPlainObject(value)) {
    const types = typesOf(value);
    let out: Document = value;
    for (const key in value) {
      const child: unknown = value[key];
      const next = isContainer(child) ? toWire(child) : wrap(child, types?.[key]);
      if (next !== child) {
        if (out === value) out = { ...value };
        out[key] = next;
      }
    }
    return out as T;
  }
  return value;
}

/** Copies plain objects and arrays with their type notes; BSON value classes are immutable enough to share. */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) {
    const out = value.map((v: unknown) => cloneValue(v)) as Container;
    const types = typesOf(value);
    if (types) out[BSON_TYPES] = { ...types };
    return out as T;
  }
  if (isPlainObject(value)) {
    const out: Container = {};
    for (const key in value) (out as Document)[key] = cloneValue(value[key]);
    const types = typesOf(value);
    if (types) out[BSON_TYPES] = { ...types };
    return out as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  return value;
}

/**
 * Re-attaches type notes to a document derived from `source` (a projection or reshaped copy):
 * a number that is still the same value at the same place keeps its BSON type.
 */
export function carryTypes(source: unknown, target: unknown): void {
  if (!isContainer(source) || !isContainer(target) || source === target) return;
  const types = typesOf(source);
  const src = source as Record<string, unknown>;
  const dst = target as Record<string, unknown>;
  for (const key of Object.keys(dst)) {
    const s = src[key];
    const d = dst[key];
    if (typeof d === 'number') {
      const type = types?.[key];
      if (type && s === d) setType(target, key, type);
    } else {
      carryTypes(s, d);
    }
  }
}

/** Sets or clears the type note of the number at a dotted path; positional paths are left alone. */
export function setTypeAtPath(root: object, path: string, type: NumberType | undefined): void {
  const segments = path.split('.');
  if (segments.some((s) => s.includes('$'))) return;
  let current: unknown = root;
  for (const segment of segments.slice(0, -1)) {
    if (!isContainer(current)) return;
    current = (current as Record<string, unknown>)[segment];
  }
  if (isContainer(current)) setType(current, segments[segments.length - 1] as string, type);
}

export function typeAtPath(root: object, path: string): NumberType | undefined {
  const segments = path.split('.');
  let current: unknown = root;
  for (const segment of segments.slice(0, -1)) {
    if (!isContainer(current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return isContainer(current)
    ? typesOf(current)?.[segments[segments.length - 1] as string]
    : undefined;
}

/** Copies the type notes of `from` onto `to` for the keys they share. */
export function copyTypes(from: object, to: object): void {
  const types = typesOf(from);
  if (!types) return;
  for (const [key, type] of Object.entries(types)) if (key in to) setType(to, key, type);
}

/** A string that is equal for two _id (or index key) values exactly when MongoDB treats them as equal. */
export function valueKey(value: unknown): string {
  if (typeof value === 'string') return `s${value}`;
  if (typeof value === 'number') return `n${value === 0 ? 0 : value}`;
  if (value instanceof ObjectId) return `o${value.toHexString()}`;
  if (value instanceof Long && !(value instanceof Timestamp)) {
    const n = value.toNumber();
    return Number.isSafeInteger(n) ? `n${n}` : `l${value.toString()}`;
  }
  if (value instanceof Date) return `d${value.getTime()}`;
  if (value === null || value === undefined) return 'z';
  if (typeof value === 'boolean') return value ? 'T' : 'F';
  return `b${Buffer.from(BSON.serialize({ v: value })).toString('base64')}`;
}

export function serializeDocument(doc: Document): Uint8Array {
  return BSON.serialize(toWire(doc));
}

export function deserializeDocument(bytes: Uint8Array): Document {
  return fromWire(BSON.deserialize(bytes, DESERIALIZE_OPTIONS));
}
