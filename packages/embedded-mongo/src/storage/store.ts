import type { Document } from 'bson';
import type { IndexSpec } from '../engine/index-spec.js';

export interface CollectionMeta {
  options: Document;
  indexes: IndexSpec[];
}

export type WriteOp =
  | { op: 'put'; ns: string; id: string; doc: Document }
  | { op: 'del'; ns: string; id: string }
  | { op: 'meta'; ns: string; meta: CollectionMeta }
  | { op: 'drop'; ns: string };

/** A collection as storage holds it. */
export interface StoredCollection {
  meta: CollectionMeta;
  documents: Iterable<Uint8Array>;
}

/**
 * Durable storage behind the in-memory engine. The engine keeps every document in memory for
 * reads; the store only has to persist writes in order and replay them at startup.
 */
export interface Store {
  /** False when writes go nowhere, so the engine can skip recording them. */
  readonly persistent: boolean;
  loadCatalog(): Array<{ ns: string; meta: CollectionMeta }>;
  loadDocuments(ns: string): Iterable<Uint8Array>;
  /**
   * Makes the writes of one command durable before it returns, or throws (a `MongoCommandError`
   * for the reply) and keeps nothing of them. Documents are captured before it returns, since
   * later commands may replace them.
   */
  write(ops: WriteOp[]): void;
  /** Documents as storage holds them, every acknowledged write included (for undoing a refused one). */
  storedDocuments(ns: string, ids: ReadonlySet<string>): Map<string, Uint8Array | undefined>;
  /** The collection as storage holds it, every acknowledged write included. */
  storedCollection(ns: string): StoredCollection | undefined;
  close(): Promise<void>;
}
