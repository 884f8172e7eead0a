import type { Document } from 'bson';
import { resolve } from 'mingo/util';
import { Query } from 'mingo/query';
import { isPlainObject, valueKey } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import { CollationKeys } from '../values/collation-keys.js';
import { parseCollation, type Collation } from '../values/collation.js';
import { QUERY_OPTIONS } from './mingo-options.js';
import { ttlSeconds } from './ttl-options.js';

export interface IndexSpec {
  v: number;
  key: Document;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
  hidden?: boolean;
  /** collMod's step before `unique`: new duplicates are refused, existing ones kept. */
  prepareUnique?: boolean;
  /** The resolved collation of the index; absent for the simple (binary) one. */
  collation?: Document;
}

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

const SPEC_OPTIONS = [
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'hidden',
  'prepareUnique',
] as const;

/** MongoDB's default index name: field_direction pairs joined by underscores. */
export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([field, dir]) => `${field}_${String(dir)}`)
    .join('_');
}

export function normalizeIndexSpec(raw: Document): IndexSpec {
  const key: unknown = raw['key'];
  if (!isPlainObject(key) || Object.keys(key).length === 0) {
    throw new MongoCommandError('BadValue', 'Index key pattern must be a non-empty object');
  }
  for (const [field, dir] of Object.entries(key)) {
    if (typeof dir === 'string') {
      throw new MongoCommandError(
        'CommandNotSupported',
        `index type '${dir}' on field '${field}' is not supported`,
      );
    }
    if (typeof dir !== 'number' || dir === 0) {
      throw new MongoCommandError(
        'BadValue',
        `Values in the index key pattern can't be 0: ${field}`,
      );
    }
  }
  const name: unknown = raw['name'];
  const spec: IndexSpec = {
    v: 2,
    key,
    name: typeof name === 'string' ? name : defaultIndexName(key),
  };
  for (const option of SPEC_OPTIONS) {
    const value: unknown = raw[option];
    if (value === undefined) continue;
    if (option === 'partialFilterExpression') {
      if (!isPlainObject(value))
        throw new MongoCommandError('TypeMismatch', 'partialFilterExpression must be an object');
      spec.partialFilterExpression = value;
    } else if (option === 'expireAfterSeconds') {
      spec.expireAfterSeconds = ttlSeconds(value, key, raw);
    } else if (value) {
      spec[option] = true;
    }
  }
  const collation = parseCollation(raw['collation']);
  if (collation) spec.collation = collation.spec;
  return spec;
}

/** Two specs describe the same index when key pattern and behaviour-changing options match. */
export function sameIndex(a: IndexSpec, b: IndexSpec): boolean {
  return (
    valueKey(a.key) === valueKey(b.key) &&
    Boolean(a.unique) === Boolean(b.unique) &&
    Boolean(a.sparse) === Boolean(b.sparse) &&
    valueKey(a.partialFilterExpression ?? null) === valueKey(b.partialFilterExpression ?? null) &&
    valueKey(a.collation ?? null) === valueKey(b.collation ?? null)
  );
}

export function indexToDocument(spec: IndexSpec): Document {
  const doc: Document = { v: spec.v, key: spec.key, name: spec.name };
  if (spec.unique) doc['unique'] = true;
  if (spec.sparse) doc['sparse'] = true;
  if (spec.partialFilterExpression) doc['partialFilterExpression'] = spec.partialFilterExpression;
  if (spec.expireAfterSeconds !== undefined) doc['expireAfterSeconds'] = spec.expireAfterSeconds;
  if (spec.hidden) doc['hidden'] = true;
  if (spec.prepareUnique) doc['prepareUnique'] = true;
  if (spec.collation) doc['collation'] = spec.collation;
  return doc;
}

/**
 * Maintains a unique index as key → _id key; a multikey field contributes one entry per element.
 * Under a collation, strings equal under it make the same key.
 */
export class UniqueIndex {
  readonly spec: IndexSpec;
  readonly entries = new Map<string, string>();
  readonly collation: Collation | undefined;
  readonly #fields: string[];
  readonly #partial: Query | undefined;
  readonly #collationKeys: CollationKeys | undefined;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.#fields = Object.keys(spec.key);
    this.collation = parseCollation(spec.collation);
    this.#collationKeys = this.collation ? new CollationKeys(this.collation.compare) : undefined;
    this.#partial = spec.partialFilterExpression
      ? new Query(spec.partialFilterExpression, {
          ...QUERY_OPTIONS,
          ...(spec.collation ? { collation: spec.collation as never } : {}),
        })
      : undefined;
  }

  get fields(): readonly string[] {
    return this.#fields;
  }

  /** The entry key for one value per field, or undefined when no entry can have it. */
  lookupKey(values: readonly unknown[]): string | undefined {
    const keys: string[] = [];
    for (const value of values) {
      const key = this.#collationKeys ? this.#collationKeys.lookupKey(value) : valueKey(value);
      if (key === undefined) return undefined;
      keys.push(key);
    }
    return keys.join('\u0000');
  }

  /** Returns the index keys of a document with the values that produced them (for error messages). */
  keysOf(doc: Document): Array<{ key: string; values: unknown[] }> {
    if (this.#partial && !this.#partial.test(doc)) return [];
    const perField = this.#fields.map((field) => resolve(doc, field) as unknown);
    if (this.spec.sparse && perField.every((v) => v === undefined)) return [];
    let combos: unknown[][] = [[]];
    for (const value of perField) {
      const options = Array.isArray(value)
        ? value.length === 0
          ? [undefined]
          : unique(value)
        : [value];
      combos = combos.flatMap((prefix) => options.map((option) => [...prefix, option]));
    }
    const keys = this.#collationKeys;
    return combos.map((values) => ({
      key: values.map((v) => (keys ? keys.keyOf(v ?? null) : valueKey(v ?? null))).join('\u0000'),
      values,
    }));
  }

  keyValue(values: unknown[]): Document {
    const out: Document = {};
    this.#fields.forEach((field, i) => {
      out[field] = values[i] ?? null;
    });
    return out;
  }
}

function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = valueKey(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
