import { BSONRegExp, ObjectId, type Document } from 'bson';
import { isPlainObject, valueKey } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import type { CollectionMeta, WriteOp } from '../storage/store.js';
import { holdsString } from '../values/collation-keys.js';
import { sameCollation, type Collation } from '../values/collation.js';
import { ID_INDEX, UniqueIndex, indexToDocument, type IndexSpec } from './index-spec.js';
import { assertUpdatedSize } from './limits.js';
import { PreparedUniqueIndex } from './prepared-unique.js';
import { SecondaryIndex } from './secondary-index.js';
import type { DocumentKeys } from './index-keys.js';
import { validationOf, type Validation, type WriteChecks } from './validation.js';

export type { WriteChecks } from './validation.js';

export type WriteSink = (op: WriteOp) => void;

function formatKeyValue(keyValue: Document): string {
  const parts = Object.entries(keyValue).map(([k, v]) => `${k}: ${JSON.stringify(v) ?? String(v)}`);
  return `{ ${parts.join(', ')} }`;
}

export function duplicateKeyError(
  ns: string,
  spec: IndexSpec,
  keyValue: Document,
): MongoCommandError {
  return new MongoCommandError(
    'DuplicateKey',
    `E11000 duplicate key error collection: ${ns} index: ${spec.name} dup key: ${formatKeyValue(keyValue)}`,
    { keyPattern: spec.key, keyValue },
  );
}

/** Returns the plain equality value a filter field pins, or undefined when it is a range or operator. */
function equalityValue(condition: unknown): { value: unknown } | undefined {
  if (condition instanceof RegExp || Array.isArray(condition)) return undefined;
  if (isPlainObject(condition)) {
    const keys = Object.keys(condition);
    if (keys.length === 1 && keys[0] === '$eq') return equalityValue(condition['$eq']);
    if (keys.some((k) => k.startsWith('$'))) return undefined;
    return { value: condition };
  }
  if (condition === null || condition === undefined) return undefined;
  return { value: condition };
}

/**
 * One collection held in memory: `docs` maps the canonical _id key to the current document.
 * Documents are never mutated in place, so cursors can keep references to what they read.
 */
export class Collection {
  readonly db: string;
  readonly name: string;
  options: Document;
  readonly docs = new Map<string, Document>();
  readonly #indexes: IndexSpec[] = [ID_INDEX];
  readonly #unique: UniqueIndex[] = [];
  readonly #secondary: SecondaryIndex[] = [];
  #idOrder: SecondaryIndex | undefined;
  readonly #sink: WriteSink;
  #validation: Validation | undefined;
  #prepared: PreparedUniqueIndex[] = [];

  constructor(db: string, name: string, options: Document, sink: WriteSink) {
    this.db = db;
    this.name = name;
    this.options = options;
    this.#sink = sink;
    this.#validation = validationOf(options);
  }

  /** New options (collMod): the validator they hold applies from the next write on. */
  setOptions(options: Document): void {
    this.#validation = validationOf(options);
    this.options = options;
    this.persistMeta();
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get indexes(): readonly IndexSpec[] {
    return this.#indexes;
  }

  /**
   * `_id_` as an ordered index, for ranges and sorts on `_id` (look-ups by value use `docs`). It
   * is built the first time a query needs it and kept up to date from then on, so collections
   * that are only ever read by `_id` value pay nothing for it.
   */
  idOrder(): SecondaryIndex {
    if (!this.#idOrder) {
      const index = new SecondaryIndex(ID_INDEX);
      index.build(this.docs);
      this.#idOrder = index;
    }
    return this.#idOrder;
  }

  /** The ordered indexes the planner may scan (every index but `_id_`). */
  get secondaryIndexes(): readonly SecondaryIndex[] {
    return this.#secondary;
  }

  meta(): CollectionMeta {
    return { options: this.options, indexes: this.#indexes.filter((i) => i.name !== '_id_') };
  }

  persistMeta(): void {
    this.#sink({ op: 'meta', ns: this.ns, meta: this.meta() });
  }

  /** Adds a loaded document without persisting it again; `buildRestoredIndexes` follows. */
  restore(doc: Document): void {
    const id = valueKey(doc['_id']);
    this.docs.set(id, doc);
    for (const index of this.#unique)
      for (const { key } of index.keysOf(doc)) index.entries.set(key, id);
  }

  /** Fills the ordered indexes once every stored document is back in (one sort each). */
  buildRestoredIndexes(): void {
    for (const index of this.#secondary) index.build(this.docs);
  }

  restoreIndex(spec: IndexSpec): void {
    this.#indexes.push(spec);
    if (spec.unique) this.#unique.push(new UniqueIndex(spec));
    this.#secondary.push(new SecondaryIndex(spec));
  }

  /** Indexes restored from storage in `prepareUnique` mode start guarding once all documents are in. */
  restorePreparedIndexes(): void {
    for (const spec of this.#indexes)
      if (spec.prepareUnique && !spec.unique) this.prepareUnique(spec, true);
  }

  /** Inserts a document that already carries its _id in first position. */
  insert(doc: Document, checks?: WriteChecks): void {
    const id = valueKey(doc['_id']);
    if (this.docs.has(id))
      throw duplicateKeyError(this.ns, ID_INDEX, { _id: doc['_id'] as unknown });
    this.#validation?.checkInsert(doc, checks);
    const keys = this.#checkUnique(doc, id);
    if (this.#prepared.length > 0) this.#checkPrepared(doc, id, undefined);
    const ordered = this.#secondaryKeys(doc);
    this.docs.set(id, doc);
    this.#idOrder?.add(doc, id);
    this.#secondary.forEach((index, i) => index.add(doc, id, ordered[i]));
    for (const index of this.#prepared) index.add(doc, id);
    keys.forEach((indexKeys, i) => {
      const index = this.#unique[i] as UniqueIndex;
      for (const key of indexKeys) index.entries.set(key, id);
    });
    this.#sink({ op: 'put', ns: this.ns, id, doc });
  }

  replace(previous: Document, next: Document, checks?: WriteChecks): void {
    assertUpdatedSize(next);
    this.#validation?.checkUpdate(previous, next, checks);
    const id = valueKey(previous['_id']);
    const keys = this.#checkUnique(next, id);
    if (this.#prepared.length > 0) this.#checkPrepared(next, id, previous);
    const ordered = this.#secondaryKeys(next);
    // Entries of an index whose keys the update left alone stay where they are.
    const moved = this.#secondary.map(
      (index, i) => !index.sameKeys(index.keysOf(previous), ordered[i]),
    );
    this.#unindex(previous, moved);
    this.docs.set(id, next);
    this.#secondary.forEach((index, i) => {
      if (moved[i]) index.add(next, id, ordered[i]);
    });
    for (const index of this.#prepared) index.add(next, id);
    keys.forEach((indexKeys, i) => {
      const index = this.#unique[i] as UniqueIndex;
      for (const key of indexKeys) index.entries.set(key, id);
    });
    this.#sink({ op: 'put', ns: this.ns, id, doc: next });
  }

  remove(doc: Document): void {
    const id = valueKey(doc['_id']);
    this.#unindex(doc);
    this.docs.delete(id);
    this.#sink({ op: 'del', ns: this.ns, id });
  }

  /**
   * Puts a document back as storage holds it (undefined: takes it out), without checks and
   * without persisting anything: undoing a write that storage refused.
   */
  revert(id: string, stored: Document | undefined): void {
    const current = this.docs.get(id);
    if (current) {
      this.#unindex(current);
      this.docs.delete(id);
    }
    if (!stored) return;
    this.docs.set(id, stored);
    this.#idOrder?.add(stored, id);
    for (const index of this.#secondary) index.add(stored, id);
    for (const index of this.#prepared) index.add(stored, id);
    for (const index of this.#unique)
      for (const { key } of index.keysOf(stored)) index.entries.set(key, id);
  }

  /** Each ordered index's keys for a document; throws before anything changes if one refuses it. */
  #secondaryKeys(doc: Document): Array<DocumentKeys | undefined> {
    return this.#secondary.map((index) => index.keysOf(doc));
  }

  #unindex(doc: Document, moved?: boolean[]): void {
    const id = valueKey(doc['_id']);
    // An update never changes `_id`, so only a removal moves it in the ordered `_id_`.
    if (!moved) this.#idOrder?.remove(doc, id);
    this.#secondary.forEach((index, i) => {
      if (!moved || moved[i]) index.remove(doc, id);
    });
    for (const index of this.#prepared) index.remove(doc, id);
    for (const index of this.#unique) {
      for (const { key } of index.keysOf(doc))
        if (index.entries.get(key) === id) index.entries.delete(key);
    }
  }

  #checkPrepared(doc: Document, id: string, previous: Document | undefined): void {
    for (const index of this.#prepared) {
      const clash = index.conflict(doc, id, previous);
      if (clash) throw duplicateKeyError(this.ns, index.spec, clash);
    }
  }

  /** Turns `prepareUnique` on or off for an index (collMod). */
  prepareUnique(spec: IndexSpec, on: boolean): void {
    this.#prepared = this.#prepared.filter((index) => index.spec !== spec);
    if (on) this.#prepared.push(new PreparedUniqueIndex(spec, this.docs));
  }

  /** The `_id`s of the documents that share a key of a prepared index, one group per key. */
  duplicatesOf(spec: IndexSpec): unknown[][] {
    const index = this.#prepared.find((i) => i.spec === spec);
    const groups = index?.duplicates() ?? [];
    return groups.map((ids) => ids.map((id) => this.docs.get(id)?.['_id'] as unknown));
  }

  /** Makes a (prepared, duplicate-free) index unique, or a unique one plain again (collMod). */
  setUnique(spec: IndexSpec, unique: boolean): void {
    this.prepareUnique(spec, false);
    const at = this.#unique.findIndex((i) => i.spec === spec);
    if (at >= 0) this.#unique.splice(at, 1);
    if (unique) {
      const index = new UniqueIndex(spec);
      for (const [id, doc] of this.docs)
        for (const { key } of index.keysOf(doc)) index.entries.set(key, id);
      this.#unique.push(index);
    }
  }

  /** Returns each unique index's keys for the document, or throws 11000 on a clash with another document. */
  #checkUnique(doc: Document, id: string): string[][] {
    return this.#unique.map((index) => {
      const keys = index.keysOf(doc);
      for (const { key, values } of keys) {
        const owner = index.entries.get(key);
        if (owner !== undefined && owner !== id)
          throw duplicateKeyError(this.ns, index.spec, index.keyValue(values));
      }
      return keys.map((k) => k.key);
    });
  }

  addIndex(spec: IndexSpec): void {
    const ordered = new SecondaryIndex(spec);
    ordered.build(this.docs);
    if (spec.unique) {
      const index = new UniqueIndex(spec);
      for (const [id, doc] of this.docs) {
        for (const { key, values } of index.keysOf(doc)) {
          const owner = index.entries.get(key);
          if (owner !== undefined && owner !== id)
            throw duplicateKeyError(this.ns, spec, index.keyValue(values));
          index.entries.set(key, id);
        }
      }
      this.#unique.push(index);
    } else if (spec.prepareUnique) {
      this.prepareUnique(spec, true);
    }
    this.#secondary.push(ordered);
    this.#indexes.push(spec);
    this.persistMeta();
  }

  dropIndex(name: string): void {
    this.#prepared = this.#prepared.filter((index) => index.spec.name !== name);
    const at = this.#indexes.findIndex((i) => i.name === name);
    if (at >= 0) this.#indexes.splice(at, 1);
    const u = this.#unique.findIndex((i) => i.spec.name === name);
    if (u >= 0) this.#unique.splice(u, 1);
    const o = this.#secondary.findIndex((i) => i.spec.name === name);
    if (o >= 0) this.#secondary.splice(o, 1);
    this.persistMeta();
  }

  /** A clustered collection lists its clustered index where others list `_id_`. */
  listIndexes(): Document[] {
    const clustered: unknown = this.options['clusteredIndex'];
    return this.#indexes.map((spec) => {
      if (spec !== ID_INDEX || clustered === undefined) return indexToDocument(spec);
      const info = isPlainObject(clustered) ? clustered : { ...ID_INDEX, unique: true };
      return { ...info, clustered: true };
    });
  }

  /**
   * Narrows a filter to the documents it can possibly match without scanning: equality or $in on
   * _id, or equality on every field of a unique index. Returns undefined when a scan is needed.
   * `exact` says the filter has no other conditions, so the candidates need no further test.
   * An index answers for a collation (undefined = simple) only when it has the same one, or when
   * the values it is asked for hold no string.
   */
  lookup(
    filter: Document,
    collation?: Collation,
  ): { docs: Document[]; exact: boolean; index: IndexSpec; values: unknown[] } | undefined {
    const keys = Object.keys(filter);
    const idCondition: unknown = filter['_id'];
    if (idCondition !== undefined) {
      const exact = keys.length === 1;
      const eq = equalityValue(idCondition);
      if (eq) {
        if (!collation || !holdsString(eq.value))
          return { docs: this.#byIds([eq.value]), exact, index: ID_INDEX, values: [eq.value] };
      } else if (
        isPlainObject(idCondition) &&
        Object.keys(idCondition).length === 1 &&
        Array.isArray(idCondition['$in'])
      ) {
        const values = idCondition['$in'] as unknown[];
        if (
          values.every((v) => equalityValue(v) !== undefined) &&
          (!collation || !values.some(holdsString))
        ) {
          return { docs: this.#byIds(values), exact, index: ID_INDEX, values };
        }
      }
    }
    for (const index of this.#unique) {
      if (index.spec.partialFilterExpression) continue;
      const values: unknown[] = [];
      for (const field of index.fields) {
        const eq = equalityValue(filter[field]);
        if (!eq || isPlainObject(eq.value)) break;
        values.push(eq.value);
      }
      if (values.length !== index.fields.length) continue;
      const usable = sameCollation(index.collation, collation) || !values.some(holdsString);
      if (!usable) continue;
      const key = index.lookupKey(values);
      const owner = key === undefined ? undefined : index.entries.get(key);
      const doc = owner === undefined ? undefined : this.docs.get(owner);
      return {
        docs: doc ? [doc] : [],
        exact: keys.length === index.fields.length,
        index: index.spec,
        values,
      };
    }
    return undefined;
  }

  #byIds(values: unknown[]): Document[] {
    const out: Document[] = [];
    const seen = new Set<string>();
    for (const value of values) {
      const key = valueKey(value);
      if (seen.has(key)) continue;
      seen.add(key);
      const doc = this.docs.get(key);
      if (doc) out.push(doc);
    }
    return out;
  }
}

/** MongoDB stores _id as the first field; the driver appends it last, and a missing one is generated. */
export function withIdFirst(doc: Document): Document {
  const id: unknown = doc['_id'];
  if (id !== undefined && Object.keys(doc)[0] === '_id') return doc;
  const out: Document = { _id: id === undefined ? new ObjectId() : id };
  for (const [k, v] of Object.entries(doc)) if (k !== '_id') out[k] = v;
  return out;
}

/** The first `$`-prefixed field name anywhere inside a value, which storage does not accept. */
function dollarPrefixedField(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = dollarPrefixedField(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith('$')) return key;
    const found = dollarPrefixedField(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function validateId(id: unknown): void {
  if (id === undefined) throw new MongoCommandError('InvalidIdField', 'document is missing _id');
  const type = Array.isArray(id)
    ? 'array'
    : id instanceof RegExp || id instanceof BSONRegExp
      ? 'regex'
      : undefined;
  if (type)
    throw new MongoCommandError('InvalidIdField', `The '_id' value cannot be of type ${type}`);
  const dollar = dollarPrefixedField(id);
  if (dollar !== undefined) {
    throw new MongoCommandError(
      'DollarPrefixedFieldName',
      `_id fields may not contain '$'-prefixed fields: ${dollar} is not valid for storage.`,
    );
  }
}
