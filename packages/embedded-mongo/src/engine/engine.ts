import type { Document } from 'bson';
import { deserializeDocument } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import type { Store, WriteOp } from '../storage/store.js';
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
    for (const { ns, meta } of store.loadCatalog()) {
      const dot = ns.indexOf('.');
      const coll = engine.#attach(ns.slice(0, dot), ns.slice(dot + 1), meta.options);
      for (const spec of meta.indexes) coll.restoreIndex(spec);
      for (const bytes of store.loadDocuments(ns)) coll.restore(deserializeDocument(bytes));
      coll.buildRestoredIndexes();
      coll.restorePreparedIndexes();
    }
    return engine;
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

  /** Hands the writes of the command that just ran to the store; resolves once it has committed them. */
  commit(): Promise<void> | undefined {
    if (this.#pending.length === 0) return undefined;
    const ops = this.#pending;
    this.#pending = [];
    return this.#store.write(ops);
  }

  async close(): Promise<void> {
    await this.commit();
    await this.#store.close();
  }
}
