import { mkdirSync, rmSync } from 'node:fs';
import { BSON } from 'bson';
import { serializeDocument } from '../bson.js';
import { open, type Database, type RootDatabase } from 'lmdb';
import type { IndexSpec } from '../engine/index-spec.js';
import { lockDirectory } from './dir-lock.js';
import { docKey, namespaceRange } from './doc-key.js';
import type { EncodedOp } from './log-records.js';
import type { CollectionMeta, Store, WriteOp } from './store.js';
import { WriteLog } from './write-log.js';

// How long logged writes wait for company before going into LMDB: one transaction (and one sync
// of LMDB's pages) per interval instead of per write when writes come one at a time.
const BATCH_INTERVAL_MS = 10;
// A batch this large goes into LMDB at once, so memory held for the next transaction stays small.
const BATCH_MAX_OPS = 10_000;

function encode(op: WriteOp): EncodedOp {
  switch (op.op) {
    case 'put':
      return { op: 'put', ns: op.ns, id: op.id, bytes: serializeDocument(op.doc) };
    case 'meta':
      return {
        op: 'meta',
        ns: op.ns,
        bytes: BSON.serialize({ options: op.meta.options, indexes: op.meta.indexes }),
      };
    default:
      return op;
  }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Documents are stored as BSON bytes under "<db>.<collection>\0<_id key>"; catalog entries under
 * the namespace. A write is acknowledged once it is in the write log (`write-log.ts`); the log's
 * records are then put into LMDB in batches, one transaction for every write logged in the last
 * 10 ms (or while the previous one committed), and replayed into LMDB at start-up if the process
 * died first.
 */
export class LmdbStore implements Store {
  readonly persistent = true;
  readonly #root: RootDatabase;
  readonly #docs: Database<Buffer, Buffer>;
  readonly #catalog: Database<Buffer, string>;
  readonly #unlock: () => void;
  readonly #log: WriteLog;
  #pending: EncodedOp[] = [];
  #flushing: Promise<void> | undefined;
  #batchTimer: NodeJS.Timeout | undefined;
  #failure: unknown;

  constructor(path: string) {
    mkdirSync(path, { recursive: true });
    this.#unlock = lockDirectory(path);
    try {
      this.#root = open({ path, maxDbs: 4 });
      this.#docs = this.#root.openDB<Buffer, Buffer>({
        name: 'docs',
        encoding: 'binary',
        keyEncoding: 'binary',
      });
      this.#catalog = this.#root.openDB<Buffer, string>({ name: 'catalog', encoding: 'binary' });
      this.#replayLeftovers(path);
      this.#log = WriteLog.open(path);
    } catch (err) {
      this.#unlock();
      throw err;
    }
  }

  /** Puts the writes a killed process had acknowledged into LMDB, synced, before anything is read. */
  #replayLeftovers(path: string): void {
    const leftover = WriteLog.leftover(path);
    if (leftover.length === 0) return;
    this.#root.transactionSync(() => {
      for (const { path: file } of leftover)
        for (const ops of WriteLog.replay(file)) for (const op of ops) this.#apply(op);
    });
    for (const { path: file } of leftover) rmSync(file, { force: true });
  }

  #apply(op: EncodedOp): void {
    switch (op.op) {
      case 'put':
        void this.#docs.put(docKey(op.ns, op.id), asBuffer(op.bytes));
        break;
      case 'del':
        void this.#docs.remove(docKey(op.ns, op.id));
        break;
      case 'meta':
        void this.#catalog.put(op.ns, asBuffer(op.bytes));
        break;
      case 'drop':
        for (const key of this.#docs.getKeys(namespaceRange(op.ns))) void this.#docs.remove(key);
        void this.#catalog.remove(op.ns);
        break;
    }
  }

  loadCatalog(): Array<{ ns: string; meta: CollectionMeta }> {
    const out: Array<{ ns: string; meta: CollectionMeta }> = [];
    for (const { key, value } of this.#catalog.getRange()) {
      const raw = BSON.deserialize(value);
      const options: unknown = raw['options'];
      const indexes: unknown = raw['indexes'];
      out.push({
        ns: key,
        meta: {
          options:
            options !== null && typeof options === 'object'
              ? (options as CollectionMeta['options'])
              : {},
          indexes: Array.isArray(indexes) ? (indexes as IndexSpec[]) : [],
        },
      });
    }
    return out;
  }

  *loadDocuments(ns: string): Iterable<Uint8Array> {
    for (const { value } of this.#docs.getRange(namespaceRange(ns))) yield value;
  }

  /**
   * Appends the writes to the log and returns: the reply need not wait for LMDB. A failed append
   * (disk full, say) fails the command's reply instead.
   */
  write(ops: WriteOp[]): Promise<void> | undefined {
    if (ops.length === 0) return undefined;
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    const encoded = ops.map(encode);
    try {
      this.#log.append(encoded);
    } catch (err) {
      return Promise.reject(err);
    }
    for (const op of encoded) this.#pending.push(op);
    this.#scheduleFlush();
    return undefined;
  }

  #scheduleFlush(): void {
    if (this.#pending.length >= BATCH_MAX_OPS) this.#flush();
    else if (this.#pending.length > 0)
      this.#batchTimer ??= setTimeout(() => this.#flush(), BATCH_INTERVAL_MS);
  }

  /** Starts an LMDB transaction with everything logged since the last one, unless one is running. */
  #flush(): void {
    clearTimeout(this.#batchTimer);
    this.#batchTimer = undefined;
    if (this.#flushing || this.#pending.length === 0 || this.#failure !== undefined) return;
    const batch = this.#pending;
    this.#pending = [];
    // Every write of the segments before this one is in the batch or an earlier one.
    const segment = this.#log.segment;
    this.#flushing = this.#root
      .transaction(() => {
        for (const op of batch) this.#apply(op);
      })
      .then(
        () => this.#log.dropBefore(segment),
        (err: unknown) => {
          // The log keeps the writes; the next start-up puts them into LMDB.
          this.#failure = err;
        },
      )
      .finally(() => {
        this.#flushing = undefined;
        this.#scheduleFlush();
      });
  }

  async close(): Promise<void> {
    try {
      // A batch that committed may leave writes that came meanwhile waiting for the timer.
      for (this.#flush(); this.#flushing; this.#flush()) await this.#flushing;
      await this.#root.flushed;
      this.#log.close(this.#failure === undefined);
      await this.#root.close();
    } finally {
      this.#unlock();
    }
  }
}
