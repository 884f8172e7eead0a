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
   * Resolves once the writes are durable; undefined when there is nothing to wait for. Documents
   * must be captured before returning, since later commands may replace them.
   */
  write(ops: WriteOp[]): Promise<void> | undefined;
  close(): Promise<void>;
}
