import { randomBytes } from 'node:crypto';
import { BSON, Long, type Document } from 'bson';
import { MAX_BSON_OBJECT_SIZE } from '../wire/protocol.js';

export const DEFAULT_FIRST_BATCH = 101;
// getMore without batchSize: MongoDB fills up to 16 MiB; a count cap keeps each reply quick to build
// so one large scan never holds the event loop for long.
const DEFAULT_GETMORE_BATCH = 1000;
const BATCH_BYTES = MAX_BSON_OBJECT_SIZE - 64 * 1024;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

export interface OpenCursor {
  id: bigint;
  ns: string;
  source: Iterator<Document>;
  remaining: number;
  lastUsed: number;
  peeked?: IteratorResult<Document> | undefined;
  /** A tailable cursor outlives the end of its results: later getMores see what was added. */
  tailable?: boolean;
  /** An empty getMore waits a while for new documents instead of answering at once. */
  awaitData?: boolean;
}

export interface Batch {
  docs: Document[];
  exhausted: boolean;
}

function pull(cursor: OpenCursor): IteratorResult<Document> {
  const peeked = cursor.peeked;
  if (peeked) {
    cursor.peeked = undefined;
    if (!(peeked.done && cursor.tailable)) return peeked;
  }
  return cursor.source.next();
}

function takeBatch(cursor: OpenCursor, size: number): Batch {
  const docs: Document[] = [];
  let bytes = 0;
  while (docs.length < size && cursor.remaining > 0) {
    const next = pull(cursor);
    if (next.done) return { docs, exhausted: true };
    docs.push(next.value);
    cursor.remaining -= 1;
    bytes += BSON.calculateObjectSize(next.value);
    if (bytes >= BATCH_BYTES) break;
  }
  if (cursor.remaining <= 0) return { docs, exhausted: true };
  // Looking one document ahead lets the last batch close the cursor, as MongoDB does.
  cursor.peeked = cursor.source.next();
  return { docs, exhausted: cursor.peeked.done === true };
}

export class CursorManager {
  readonly #cursors = new Map<bigint, OpenCursor>();

  /**
   * Runs the first batch; returns the cursor reply document for `firstBatch`. The cursor is kept
   * only when more results may follow and the caller did not ask for a single batch.
   */
  open(
    ns: string,
    source: Iterator<Document>,
    opts: {
      batchSize?: number;
      limit?: number;
      singleBatch?: boolean;
      tailable?: boolean;
      awaitData?: boolean;
    },
  ): Document {
    this.#expire();
    const limit = opts.limit && opts.limit > 0 ? opts.limit : Number.POSITIVE_INFINITY;
    const cursor: OpenCursor = { id: 0n, ns, source, remaining: limit, lastUsed: Date.now() };
    if (opts.tailable) cursor.tailable = true;
    if (opts.tailable && opts.awaitData) cursor.awaitData = true;
    const size = opts.batchSize ?? DEFAULT_FIRST_BATCH;
    const batch = takeBatch(cursor, Math.min(size, limit));
    // A tailable cursor whose query found nothing is dead at once, as in MongoDB.
    const more = opts.tailable ? batch.docs.length > 0 || !batch.exhausted : !batch.exhausted;
    let id = 0n;
    if (more && !opts.singleBatch) {
      id = this.#newId();
      cursor.id = id;
      this.#cursors.set(id, cursor);
    }
    return { cursor: { firstBatch: batch.docs, id: Long.fromBigInt(id), ns }, ok: 1 };
  }

  /** Random positive 63-bit ids, like MongoDB's, so clients never see small guessable numbers. */
  #newId(): bigint {
    for (;;) {
      const id = randomBytes(8).readBigUInt64LE() & 0x7fff_ffff_ffff_ffffn;
      if (id !== 0n && !this.#cursors.has(id)) return id;
    }
  }

  get(id: bigint): OpenCursor | undefined {
    return this.#cursors.get(id);
  }

  more(cursor: OpenCursor, batchSize: number | undefined): Document {
    cursor.lastUsed = Date.now();
    const batch = takeBatch(cursor, batchSize && batchSize > 0 ? batchSize : DEFAULT_GETMORE_BATCH);
    const exhausted = batch.exhausted && !(cursor.tailable && cursor.remaining > 0);
    if (exhausted) this.#cursors.delete(cursor.id);
    return {
      cursor: {
        nextBatch: batch.docs,
        id: Long.fromBigInt(exhausted ? 0n : cursor.id),
        ns: cursor.ns,
      },
      ok: 1,
    };
  }

  kill(id: bigint): boolean {
    return this.#cursors.delete(id);
  }

  #expire(): void {
    const now = Date.now();
    for (const [id, cursor] of this.#cursors)
      if (now - cursor.lastUsed > IDLE_TIMEOUT_MS) this.#cursors.delete(id);
  }
}
