import type { Document } from 'bson';
import type { IndexSpec } from '../engine/index-spec.js';

export interface CollectionMeta {
  options: Document;
  indexes: IndexSpec[];
}

export type WriteOp =
  | { op: 'put'; ns: string; id: string; bytes: Uint8Array }
  | { op: 'del'; ns: string; id: string }
  | { op: 'meta'; ns: string; meta: CollectionMeta }
  | { op: 'drop'; ns: string };

/**
 * Durable storage behind the in-memory engine. The engine keeps every document in memory for
 * reads; the store only has to persist writes in order and replay them at startup.
 */
export interface Store {
  loadCatalog(): Array<{ ns: string; meta: CollectionMeta }>;
  loadDocuments(ns: string): Iterable<Uint8Array>;
  /** Resolves once the writes are durable; undefined when there is nothing to wait for. */
  write(ops: WriteOp[]): Promise<void> | undefined;
  close(): Promise<void>;
}
