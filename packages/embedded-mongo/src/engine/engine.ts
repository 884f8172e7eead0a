import type { Document } from 'bson';
import { deserializeDocument } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import type { Store, StoredCollection, WriteOp } from '../storage/store.js';
import { CappedCollection } from './capped.js';
import { Collection } from './collection.js';
import { isView, viewNotCollectionError } from './views.js';

export function validateCollectionName(name: string): void {
  if (name.length === 0 || name.includes('\u0000') || name.startsWith('.') || name.includes('$')) {
    throw new MongoCommandError('InvalidNamespace', `Invalid collection name: ${name}`);
  }
}

export function validateDbName(name: string): void {
  if (name.length === 0 || name.length > 63 || [...'/\\. "$\u0000'].some((c) => name.includes(c))) {
    throw new MongoCommandError('InvalidNamespace', `Invalid database name: '${name}'`);
  }
}

/** A namespace's database and collection (database names hold no dot). */
function splitNs(ns: string): { db: string; name: string } {
  const dot = ns.indexOf('.');
  return { db: ns.slice(0, dot), name: ns.slice(dot + 1) };
}

/**
 * All databases and collections. Commands run synchronously against it; the writes they make
 * are queued and handed to the store in one batch when the command finishes.
 */
export class Engine {
  readonly #dbs = new Map<string, Map<string, Collection>>();
  readonly #store: Store;
  #pending: WriteOp[] = [];

  private constructor(store: Store) {
    this.#store = store;
  }

  static open(store: Store): Engine {
    const engine = new Engine(store);
    for (const { ns, meta } of store.loadCatalog())
      engine.#restoreCollection(ns, { meta, documents: store.loadDocuments(ns) });
    return engine;
  }

  #restoreCollection(ns: string, stored: StoredCollection): void {
    const { db, name } = splitNs(ns);
    const coll = this.#attach(db, name, stored.meta.options);
    for (const spec of stored.meta.indexes) coll.restoreIndex(spec);
    for (const bytes of stored.documents) coll.restore(deserializeDocument(bytes));
    coll.buildRestoredIndexes();
    coll.restorePreparedIndexes();
  }

  #attach(db: string, name: string, options: Document): Collection {
    let colls = this.#dbs.get(db);
    if (!colls) {
      colls = new Map();
      this.#dbs.set(db, colls);
    }
    const sink = this.#store.persistent
      ? (op: WriteOp) => void this.#pending.push(op)
      : () => undefined;
    const coll =
      options['capped'] === true
        ? new CappedCollection(db, name, options, sink)
        : new Collection(db, name, options, sink);
    colls.set(name, coll);
    return coll;
  }

  collection(db: string, name: string): Collection | undefined {
    return this.#dbs.get(db)?.get(name);
  }

  /** Returns the collection, creating it (as MongoDB does implicitly on first write) when missing. */
  ensureCollection(
    db: string,
    name: string,
    options: Document = {},
  ): { coll: Collection; created: boolean } {
    const existing = this.collection(db, name);
    if (existing) return { coll: existing, created: false };
    validateDbName(db);
    validateCollectionName(name);
    if (isView(this, db, name)) throw viewNotCollectionError(db, name);
    const coll = this.#attach(db, name, options);
    coll.persistMeta();
    return { coll, created: true };
  }

  collections(db: string): Collection[] {
    return [...(this.#dbs.get(db)?.values() ?? [])];
  }

  databases(): string[] {
    return [...this.#dbs.entries()].filter(([, colls]) => colls.size > 0).map(([name]) => name);
  }

  dropCollection(db: string, name: string): boolean {
    const colls = this.#dbs.get(db);
    const coll = colls?.get(name);
    if (!colls || !coll) return false;
    colls.delete(name);
    if (this.#store.persistent) this.#pending.push({ op: 'drop', ns: coll.ns });
    return true;
  }

  /** Moves a collection with its documents and indexes to a new namespace (the target must not exist). */
  renameCollection(from: Collection, db: string, name: string): Collection {
    validateDbName(db);
    validateCollectionName(name);
    const target = this.#attach(db, name, from.options);
    for (const spec of from.indexes) if (spec.name !== '_id_') target.restoreIndex(spec);
    target.persistMeta();
    for (const doc of from.docs.values()) target.insert(doc, { bypassDocumentValidation: true });
    target.restorePreparedIndexes();
    this.dropCollection(from.db, from.name);
    return target;
  }

  dropDatabase(db: string): void {
    for (const coll of this.collections(db)) this.dropCollection(db, coll.name);
    this.#dbs.delete(db);
  }

  /**
   * Hands the writes of the command that just ran to the store, which makes them durable before
   * it returns. When the store refuses them, everything the command changed is put back as
   * storage holds it, and the refusal is returned for the reply: a refused write leaves no
   * trace, neither to readers nor to unique indexes. Commands are synchronous, so no other
   * command can have seen the refused state.
   */
  commit(): unknown {
    if (this.#pending.length === 0) return undefined;
    const ops = this.#pending;
    this.#pending = [];
    try {
      this.#store.write(ops);
      return undefined;
    } catch (err) {
      this.#undo(ops);
      return err;
    }
  }

  #undo(ops: readonly WriteOp[]): void {
    // Catalog changes and capped collections (whose order is their content) are reloaded whole;
    // other collections only get the documents the command touched back.
    const whole = new Set<string>();
    const touched = new Map<string, Set<string>>();
    for (const op of ops) {
      if (op.op === 'meta' || op.op === 'drop') whole.add(op.ns);
      else {
        const ids = touched.get(op.ns) ?? new Set<string>();
        ids.add(op.id);
        touched.set(op.ns, ids);
      }
    }
    for (const ns of touched.keys()) {
      const { db, name } = splitNs(ns);
      const coll = this.collection(db, name);
      if (!coll || coll instanceof CappedCollection) whole.add(ns);
    }
    for (const ns of whole) {
      const { db, name } = splitNs(ns);
      this.#dbs.get(db)?.delete(name);
      const stored = this.#store.storedCollection(ns);
      if (stored) this.#restoreCollection(ns, stored);
    }
    for (const [ns, ids] of touched) {
      if (whole.has(ns)) continue;
      const { db, name } = splitNs(ns);
      const coll = this.collection(db, name);
      for (const [id, bytes] of this.#store.storedDocuments(ns, ids))
        coll?.revert(id, bytes === undefined ? undefined : deserializeDocument(bytes));
    }
    this.#pending = [];
  }

  async close(): Promise<void> {
    this.commit();
    await this.#store.close();
  }
}
