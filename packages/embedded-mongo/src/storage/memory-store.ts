import type { CollectionMeta, Store, StoredCollection, WriteOp } from './store.js';

/** For tests: nothing touches the disk, and data lives exactly as long as the server. */
export class MemoryStore implements Store {
  readonly persistent = false;

  loadCatalog(): Array<{ ns: string; meta: CollectionMeta }> {
    return [];
  }

  loadDocuments(_ns: string): Iterable<Uint8Array> {
    return [];
  }

  write(_ops: WriteOp[]): void {}

  storedDocuments(_ns: string, _ids: ReadonlySet<string>): Map<string, Uint8Array | undefined> {
    return new Map();
  }

  storedCollection(_ns: string): StoredCollection | undefined {
    return undefined;
  }

  async close(): Promise<void> {}
}
