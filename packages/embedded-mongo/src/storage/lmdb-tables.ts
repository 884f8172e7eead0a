import { open, type Database, type RootDatabase } from 'lmdb';
import { docKey, namespaceRange } from './doc-key.js';
import type { EncodedOp } from './log-records.js';
import { asBuffer } from './stored-form.js';

/** LMDB's file as the store keeps it: documents, the catalog, and the store's own state. */
export interface LmdbTables {
  root: RootDatabase;
  docs: Database<Buffer, Buffer>;
  catalog: Database<Buffer, string>;
  state: Database<number, string>;
}

/** Opens (or creates) the database in the directory `path`. */
export function openTables(path: string): LmdbTables {
  // Told it is a directory: lmdb takes a path with an extension (`app.db`) for a file.
  // Without event-turn batching, which the store does not use (it groups writes into its
  // own transactions), a failed commit rejects only promises the store handles.
  const root = open({ path, maxDbs: 4, noSubdir: false, eventTurnBatching: false });
  return {
    root,
    // Binary keys (doc-key.ts): lmdb's own string keys encode a long key unlike a short one.
    docs: root.openDB<Buffer, Buffer>({ name: 'docs', encoding: 'binary', keyEncoding: 'binary' }),
    catalog: root.openDB<Buffer, string>({ name: 'catalog', encoding: 'binary' }),
    state: root.openDB<number, string>({ name: 'state' }),
  };
}

/** Applies one logged write, inside a write transaction. */
export function applyOp(tables: LmdbTables, op: EncodedOp): void {
  switch (op.op) {
    case 'put':
      tables.docs.putSync(docKey(op.ns, op.id), asBuffer(op.bytes));
      break;
    case 'del':
      tables.docs.removeSync(docKey(op.ns, op.id));
      break;
    case 'meta':
      tables.catalog.putSync(op.ns, asBuffer(op.bytes));
      break;
    case 'drop':
      for (const key of tables.docs.getKeys(namespaceRange(op.ns))) tables.docs.removeSync(key);
      tables.catalog.removeSync(op.ns);
      break;
  }
}
