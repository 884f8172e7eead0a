import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, RootDatabase } from 'lmdb';
import { lockDirectory } from './dir-lock.js';
import { docKey, namespaceRange } from './doc-key.js';
import { legacyRecords, legacySegments, removeLegacySegments } from './legacy-log.js';
import type { EncodedOp } from './log-records.js';
import { RESERVE_BYTES, SpaceReserve } from './space-reserve.js';
import { applyOp, openTables, type LmdbTables } from './lmdb-tables.js';
import { freeBytes } from './free-space.js';
import {
  describeFailure,
  refuseNewDatabaseOnFullDisk,
  StorageStartError,
  writeRefused,
} from './storage-errors.js';
import type { CollectionMeta, Store, StoredCollection, WriteOp } from './store.js';
import { decodeMeta, encode } from './stored-form.js';
import { LMDB_DATA_FILE, LmdbFileRoom } from './lmdb-file-room.js';
import { growthPages } from './lmdb-growth.js';
import { lmdbShape, type LmdbShape } from './lmdb-space.js';
import { positionOf, writesOf, type PendingWrite } from './pending-writes.js';
import { WriteLog } from './write-log.js';

// How long logged writes wait for company before going into LMDB: one transaction (and one sync
// of LMDB's pages) per interval instead of per write when writes come one at a time.
const BATCH_INTERVAL_MS = 10;
// A batch this large goes into LMDB at once, so memory held for the next transaction stays small.
const BATCH_MAX_OPS = 10_000;
// After LMDB failed to commit (a full disk, say), how soon it is tried again.
const RETRY_MS = 200;
// The room laid down for one transaction, past LMDB's last page, is kept below this (or four
// times what a transaction of nothing needs, which grows with the file) by splitting batches.
const ROOM_CAP_BYTES = 4 * 1024 * 1024;
// Room kept free beside the log and LMDB's copy of what it holds (LMDB grows by more than a page).
const HEADROOM_BYTES = 256 * 1024;
// The key of the state table holding the sequence number of the last log record LMDB holds.
const APPLIED = 'applied';

/** Writes that only take data away, which a full disk must still accept: they are how it empties. */
function onlyRemoves(ops: readonly WriteOp[]): boolean {
  return ops.every((op) => op.op === 'del' || op.op === 'drop');
}

export interface LmdbStoreEvents {
  /** What start-up found and skipped in the write log, and storage failures no client sees. */
  onWarning?: (message: string) => void;
}

/**
 * Documents are stored as BSON bytes under "<db>.<collection>\0<_id key>"; catalog entries under
 * the namespace. A write is acknowledged once it is in the write log (`write-log.ts`), with a
 * sequence number; the log's records are then put into LMDB in batches, one transaction for
 * every write logged in the last 10 ms (or while the previous one committed), each transaction
 * also recording the last sequence number it holds. At start-up only the records after that
 * number are replayed, so recovery never puts older values over newer ones.
 *
 * A write the log cannot take is refused whole. A write that adds data is also refused while
 * LMDB cannot commit; a write that only removes data is not, and may use the space reserve
 * (`space-reserve.ts`) when the disk is full, which is how a full disk is emptied.
 */
export class LmdbStore implements Store {
  readonly persistent = true;
  readonly #dir: string;
  readonly #tables: LmdbTables;
  readonly #root: RootDatabase;
  readonly #docs: Database<Buffer, Buffer>;
  readonly #catalog: Database<Buffer, string>;
  readonly #state: Database<number, string>;
  readonly #unlock: () => void;
  readonly #log: WriteLog;
  readonly #reserve: SpaceReserve;
  readonly #room: LmdbFileRoom;
  readonly #events: LmdbStoreEvents;
  /** Logged writes waiting for their LMDB transaction, oldest first. */
  #pending: PendingWrite[] = [];
  /** Bytes of log records LMDB does not hold yet. */
  #unappliedBytes = 0;
  /** The writes of the transaction running, until it commits. */
  #committing: PendingWrite[] = [];
  #flushing: Promise<void> | undefined;
  #batchTimer: NodeJS.Timeout | undefined;
  /** Why the last LMDB transaction failed; cleared by the next one that commits. */
  #lmdbFailure: unknown;
  #closed = false;

  constructor(path: string, events: LmdbStoreEvents = {}) {
    this.#dir = path;
    this.#events = events;
    try {
      mkdirSync(path, { recursive: true });
    } catch (err) {
      throw new StorageStartError(path, 'create the data directory', err);
    }
    refuseNewDatabaseOnFullDisk(path, existsSync(join(path, LMDB_DATA_FILE)));
    this.#unlock = lockDirectory(path);
    let root: RootDatabase | undefined;
    try {
      this.#tables = openTables(path);
      root = this.#tables.root;
      this.#root = root;
      this.#docs = this.#tables.docs;
      this.#catalog = this.#tables.catalog;
      this.#state = this.#tables.state;
      this.#room = new LmdbFileRoom(path);
    } catch (err) {
      this.#unlock();
      throw new StorageStartError(path, 'open the database', err);
    }
    try {
      this.#log = this.#recover();
      this.#reserve = new SpaceReserve(path);
      if (!this.#reserve.take(this.#reserveBytes()))
        this.#warn(
          `the disk holding ${path} has no room for the space reserve that lets deletes through when it is full`,
        );
    } catch (err) {
      void root.close().finally(() => this.#room.close());
      this.#unlock();
      throw err instanceof StorageStartError || !(err instanceof Error && 'errno' in err)
        ? err
        : new StorageStartError(path, 'recover the write log', err);
    }
  }

  #warn(message: string): void {
    if (this.#events.onWarning) this.#events.onWarning(message);
    else process.emitWarning(message);
  }

  /**
   * Puts the writes a killed process had acknowledged and LMDB did not hold yet into LMDB,
   * synced, before anything is read; returns a fresh log numbered after them.
   */
  #recover(): WriteLog {
    this.#replayLegacy();
    const applied = this.#state.get(APPLIED) ?? 0;
    const replay = WriteLog.replay(this.#dir, applied);
    for (const note of replay.notes) this.#warn(note);
    // In parts when the disk has no room for the whole (as for writes while running).
    for (let rest = writesOf(replay.records); rest.length > 0;) {
      try {
        const count = this.#makeRoom(
          rest.slice(0, BATCH_MAX_OPS).map((write) => write.op),
          true,
        );
        const batch = rest.slice(0, count);
        rest = rest.slice(count);
        const { last } = positionOf(batch);
        this.#root.transactionSync(() => {
          for (const { op } of batch) this.#apply(op);
          if (last !== undefined) this.#state.putSync(APPLIED, last);
        });
      } catch (err) {
        throw new StorageStartError(this.#dir, 'replay the write log into the database', err);
      }
    }
    try {
      return WriteLog.open(this.#dir, replay.last + 1);
    } catch (err) {
      throw new StorageStartError(this.#dir, 'open the write log', err);
    }
  }

  /** The log of a version before sequence numbers, which a killed server may have left. */
  #replayLegacy(): void {
    const paths = legacySegments(this.#dir);
    if (paths.length === 0) return;
    try {
      const records = [...legacyRecords(paths)];
      this.#makeRoom(records.flat());
      this.#root.transactionSync(() => {
        for (const ops of records) for (const op of ops) this.#apply(op);
      });
    } catch (err) {
      throw new StorageStartError(this.#dir, 'replay the write log into the database', err);
    }
    removeLegacySegments(paths);
  }

  #apply(op: EncodedOp): void {
    applyOp(this.#tables, op);
  }

  loadCatalog(): Array<{ ns: string; meta: CollectionMeta }> {
    const out: Array<{ ns: string; meta: CollectionMeta }> = [];
    for (const { key, value } of this.#catalog.getRange())
      out.push({ ns: key, meta: decodeMeta(value) });
    return out;
  }

  *loadDocuments(ns: string): Iterable<Uint8Array> {
    for (const { value } of this.#docs.getRange(namespaceRange(ns))) yield value;
  }

  /** The logged writes LMDB may not hold yet, oldest first. */
  #unapplied(): EncodedOp[] {
    // A record LMDB holds part of is laid over it whole: each write sets or removes a value,
    // so its first part applied twice leaves what it left once.
    return [...this.#committing, ...this.#pending].map((write) => write.op);
  }

  storedDocuments(ns: string, ids: ReadonlySet<string>): Map<string, Uint8Array | undefined> {
    const out = new Map<string, Uint8Array | undefined>();
    for (const id of ids) out.set(id, this.#docs.getBinary(docKey(ns, id)));
    for (const op of this.#unapplied()) {
      if (op.ns !== ns) continue;
      if (op.op === 'drop') for (const id of ids) out.set(id, undefined);
      else if (op.op === 'put' && ids.has(op.id)) out.set(op.id, op.bytes);
      else if (op.op === 'del' && ids.has(op.id)) out.set(op.id, undefined);
    }
    return out;
  }

  storedCollection(ns: string): StoredCollection | undefined {
    let meta: Uint8Array | undefined = this.#catalog.getBinary(ns);
    // Keyed by the stored key's bytes read as text: two Buffers of one key are two Map keys.
    const docs = new Map<string, Uint8Array>();
    const keyOf = (key: Buffer) => key.toString('latin1');
    for (const { key, value } of this.#docs.getRange(namespaceRange(ns)))
      docs.set(keyOf(key), value);
    for (const op of this.#unapplied()) {
      if (op.ns !== ns) continue;
      if (op.op === 'put') docs.set(keyOf(docKey(ns, op.id)), op.bytes);
      else if (op.op === 'del') docs.delete(keyOf(docKey(ns, op.id)));
      else if (op.op === 'meta') meta = op.bytes;
      else {
        docs.clear();
        meta = undefined;
      }
    }
    return meta === undefined ? undefined : { meta: decodeMeta(meta), documents: docs.values() };
  }

  /**
   * Appends the writes to the log and returns: the reply need not wait for LMDB. Throws the
   * refusal to reply with when the log cannot take them; the log then holds nothing of them.
   */
  write(ops: WriteOp[]): void {
    if (ops.length === 0) return;
    const removes = onlyRemoves(ops);
    if (!removes) {
      // LMDB must catch up before the log grows further.
      if (this.#lmdbFailure !== undefined) throw writeRefused(this.#lmdbFailure, this.#dir);
      if (!this.#reserve.held) this.#reserve.retake(this.#reserveBytes());
    }
    const encoded = ops.map(encode);
    let appended: { seq: number; bytes: number };
    try {
      appended = this.#log.append(encoded, removes ? undefined : (bytes) => this.#admit(bytes));
    } catch (err) {
      if (!removes || !this.#reserve.held) throw writeRefused(err, this.#dir);
      this.#reserve.release();
      try {
        appended = this.#log.append(encoded);
      } catch (again) {
        throw writeRefused(again, this.#dir);
      }
    }
    for (const write of writesOf([{ ...appended, ops: encoded }])) this.#pending.push(write);
    this.#unappliedBytes += appended.bytes;
    this.#scheduleFlush();
  }

  /**
   * Refuses a record that adds data when the disk could not also take LMDB's copy of every
   * logged write it does not hold yet: the log must never take the space LMDB needs for writes
   * already acknowledged. Writes that only remove data are let through, which is how a full
   * disk is emptied (LMDB reuses the pages they free).
   */
  #admit(bytes: number): void {
    const needed = 2 * (this.#unappliedBytes + bytes) + HEADROOM_BYTES;
    const free = freeBytes(this.#dir);
    if (free === undefined || free >= needed) return;
    // Pages that deletes freed inside LMDB's file, and the room laid down past its last page,
    // take new data as well as the disk does.
    const shape = this.#shape();
    const used = shape.usedPages * shape.pageSize;
    const spare = free + shape.sparePages * shape.pageSize + this.#room.held(used);
    if (spare < needed)
      throw Object.assign(
        new Error(`${spare} bytes free, ${needed} needed for the log and LMDB's copy of it`),
        { code: 'ENOSPC' },
      );
  }

  #scheduleFlush(): void {
    if (this.#closed || this.#pending.length === 0) return;
    // After a failure, only the timer retries: never in a loop, however much is waiting.
    if (this.#lmdbFailure === undefined && this.#pending.length >= BATCH_MAX_OPS) this.#flush();
    else
      this.#batchTimer ??= setTimeout(
        () => this.#flush(),
        this.#lmdbFailure === undefined ? BATCH_INTERVAL_MS : RETRY_MS,
      );
  }

  #shape(): LmdbShape {
    return lmdbShape(this.#root, [this.#docs, this.#catalog, this.#state]);
  }

  /** The space reserve: 1 MiB, or twice the room a transaction of one delete needs if more. */
  #reserveBytes(): number {
    const shape = this.#shape();
    const oneDelete = growthPages(shape, [{ op: 'del', ns: '', id: '' }]) * shape.pageSize;
    return Math.max(RESERVE_BYTES, 2 * oneDelete);
  }

  /**
   * Lays down, past LMDB's last page, room for every page a transaction applying `ops` could
   * add (`lmdb-file-room.ts` says why LMDB must never find the disk full), or with `split`, for
   * as many of the first of them as the cap and the disk allow (at least one); returns how
   * many. Throws, naming the file, when the disk cannot give it.
   */
  #makeRoom(ops: readonly EncodedOp[], split = false): number {
    const shape = this.#shape();
    const used = shape.usedPages * shape.pageSize;
    const bound = (count: number): number =>
      growthPages(shape, count === ops.length ? ops : ops.slice(0, count)) * shape.pageSize;
    // A large batch is taken in parts whose room is at most a few MiB (the bound counts every
    // page a batch may copy, far more than it does), and so is any batch when the disk is
    // nearly full: a delete needs far less room than a large batch, and deleting is how the
    // disk empties. The count doubles from one, so a flush costs what it takes.
    // The last HEADROOM_BYTES of the disk are left to the log: a write must have somewhere to
    // go once deletes have made room inside LMDB's file.
    const free = Math.max(0, (freeBytes(this.#dir) ?? Infinity) - HEADROOM_BYTES);
    const room = split
      ? Math.min(Math.max(ROOM_CAP_BYTES, 4 * bound(0)), this.#room.held(used) + free)
      : Infinity;
    let count = 1;
    let bytes = bound(1);
    for (let more = 2; count < ops.length; more *= 2) {
      const moreBytes = bound(Math.min(more, ops.length));
      if (moreBytes > room) break;
      count = Math.min(more, ops.length);
      bytes = moreBytes;
    }
    try {
      this.#room.secure(used, bytes);
      return count;
    } catch (err) {
      const cause = err instanceof Error ? err.message : String(err);
      const code = err !== null && typeof err === 'object' && 'code' in err ? err.code : undefined;
      throw Object.assign(
        new Error(`no room for LMDB's next transaction (${bytes} bytes): ${cause}`),
        { code, path: this.#room.path },
      );
    }
  }

  /**
   * Starts an LMDB transaction with everything logged since the last one (or its first writes,
   * when their room would be above the cap or the disk has not that room), unless one is running.
   */
  #flush(): void {
    clearTimeout(this.#batchTimer);
    this.#batchTimer = undefined;
    if (this.#flushing || this.#pending.length === 0) return;
    let count: number;
    try {
      // The first writes only: a flush takes at most BATCH_MAX_OPS (or what fits).
      count = this.#makeRoom(
        this.#pending.slice(0, BATCH_MAX_OPS).map((write) => write.op),
        true,
      );
    } catch (err) {
      // Not tried: the batch waits in the log, and writes that add data are refused meanwhile.
      this.#noteFailure(err);
      this.#scheduleFlush();
      return;
    }
    const split = count < this.#pending.length;
    const batch = this.#pending.slice(0, count);
    this.#pending = this.#pending.slice(count);
    const { last, bytes } = positionOf(batch);
    this.#committing = batch;
    this.#flushing = this.#root
      .transaction(() => {
        for (const { op } of batch) this.#apply(op);
        if (last !== undefined) this.#state.putSync(APPLIED, last);
      })
      .then(
        () => {
          this.#lmdbFailure = undefined;
          this.#unappliedBytes -= bytes;
          if (last !== undefined) this.#release(last);
        },
        (err: unknown) => this.#failed(batch, err),
      )
      .finally(() => {
        this.#committing = [];
        this.#flushing = undefined;
        // What a split left waiting goes in next, not a batch interval later.
        if (split && this.#lmdbFailure === undefined) this.#flush();
        else this.#scheduleFlush();
      });
  }

  /** A failed transaction: the log keeps its writes, and they wait for the next one. */
  #failed(batch: PendingWrite[], err: unknown): void {
    // lmdb rejects the transaction with a generic error and a second promise with the cause.
    const cause: unknown =
      err !== null && typeof err === 'object' && 'commitError' in err ? err.commitError : undefined;
    if (cause instanceof Promise)
      cause.catch((real: unknown) => {
        if (this.#lmdbFailure === err) this.#lmdbFailure = real;
      });
    this.#pending = [...batch, ...this.#pending];
    this.#noteFailure(err);
  }

  /** Why LMDB cannot take the writes waiting: writes that add data are refused until it can. */
  #noteFailure(err: unknown): void {
    const first = this.#lmdbFailure === undefined;
    this.#lmdbFailure = err;
    if (first)
      this.#warn(
        `LMDB could not commit in ${this.#dir} (${describeFailure(err)}); writes that add data are refused until it can`,
      );
  }

  #release(applied: number): void {
    try {
      this.#log.release(applied);
    } catch (err) {
      this.#warn(`could not delete a write-log segment in ${this.#dir}: ${describeFailure(err)}`);
    }
  }

  async close(): Promise<void> {
    try {
      // A batch that committed may leave writes that came meanwhile waiting for the timer; one
      // that failed leaves them in the log for the next start.
      for (this.#flush(); this.#flushing; this.#flush()) {
        await this.#flushing;
        if (this.#lmdbFailure !== undefined) break;
      }
      this.#closed = true;
      clearTimeout(this.#batchTimer);
      await Promise.resolve(this.#root.flushed).catch(() => undefined);
      this.#log.close(this.#lmdbFailure === undefined && this.#pending.length === 0);
      await this.#root.close();
      this.#room.close();
    } finally {
      this.#unlock();
    }
  }
}
