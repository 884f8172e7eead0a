import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { decodeRecords, encodeRecord, type EncodedOp } from './log-records.js';

const SEGMENT_BYTES = 16 * 1024 * 1024;
const NAME = /^write-log-(\d+)\.bin$/;

function segmentName(seq: number): string {
  return `write-log-${String(seq).padStart(10, '0')}.bin`;
}

/**
 * An append-only log of acknowledged writes, in segment files of about 16 MiB. Appending is one
 * `write(2)`: once it returns, the bytes belong to the operating system, so they survive the
 * server process being killed, which is what lets a write be acknowledged before the database
 * behind (LMDB) has committed it. A segment is deleted once everything in it is in LMDB.
 */
export class WriteLog {
  readonly #dir: string;
  #fd: number;
  #seq: number;
  /** The oldest segment that may still be on disk. */
  #oldest: number;
  #bytes = 0;

  private constructor(dir: string, seq: number) {
    this.#dir = dir;
    this.#seq = seq;
    this.#oldest = seq;
    this.#fd = openSync(join(dir, segmentName(seq)), 'a');
  }

  /** The segments left by the last run, oldest first. */
  static leftover(dir: string): Array<{ seq: number; path: string }> {
    return readdirSync(dir)
      .map((name) => ({ name, match: NAME.exec(name) }))
      .filter((f): f is { name: string; match: RegExpExecArray } => f.match !== null)
      .map((f) => ({ seq: Number(f.match[1]), path: join(dir, f.name) }))
      .sort((a, b) => a.seq - b.seq);
  }

  /** Every whole record of a segment, in the order written. */
  static *replay(path: string): Generator<EncodedOp[]> {
    yield* decodeRecords(readFileSync(path));
  }

  /** Opens a fresh log after the segments of the last run (which the caller has replayed). */
  static open(dir: string): WriteLog {
    const last = WriteLog.leftover(dir).at(-1);
    return new WriteLog(dir, last ? last.seq + 1 : 1);
  }

  /** The segment the next append goes to. */
  get segment(): number {
    return this.#seq;
  }

  append(ops: readonly EncodedOp[]): void {
    if (this.#bytes >= SEGMENT_BYTES) {
      closeSync(this.#fd);
      this.#seq += 1;
      this.#fd = openSync(join(this.#dir, segmentName(this.#seq)), 'a');
      this.#bytes = 0;
    }
    const record = encodeRecord(ops);
    let written = 0;
    while (written < record.length)
      written += writeSync(this.#fd, record, written, record.length - written);
    this.#bytes += record.length;
  }

  /** Deletes the segments before `seq`, whose writes are all in LMDB now. */
  dropBefore(seq: number): void {
    const end = Math.min(seq, this.#seq);
    for (; this.#oldest < end; this.#oldest++)
      rmSync(join(this.#dir, segmentName(this.#oldest)), { force: true });
  }

  /** Closes the log; `drop` deletes its segments too (the caller has put all of them into LMDB). */
  close(drop: boolean): void {
    closeSync(this.#fd);
    if (drop) for (const { path } of WriteLog.leftover(this.#dir)) rmSync(path, { force: true });
  }
}
