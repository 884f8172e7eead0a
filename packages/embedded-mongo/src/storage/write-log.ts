import {
  closeSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { encodeRecord, type EncodedOp } from './log-records.js';
import { planReplay, type Replay } from './log-recovery.js';

// A segment past this size is closed at the next append and deleted once LMDB holds all of it,
// so the log takes little of the disk beside the database.
const SEGMENT_BYTES = 1024 * 1024;
const NAME = /^wal-(\d{16})\.log$/;

function segmentName(start: number): string {
  return `wal-${String(start).padStart(16, '0')}.log`;
}

/** The segments in a directory, oldest first. */
function segmentsIn(dir: string): Array<{ start: number; path: string }> {
  return readdirSync(dir)
    .map((name) => ({ name, match: NAME.exec(name) }))
    .filter((f): f is { name: string; match: RegExpExecArray } => f.match !== null)
    .map((f) => ({ start: Number(f.match[1]), path: join(dir, f.name) }))
    .sort((a, b) => a.start - b.start);
}

/** An append the log could not make; the file is as it was before it. */
export class LogAppendError extends Error {
  readonly path: string;

  constructor(path: string, cause: unknown) {
    super(`could not append to the write log ${path}`, { cause });
    this.path = path;
  }
}

/**
 * An append-only log of acknowledged writes, one record per command with a sequence number, in
 * segment files named after their first record's number. Appending is one positioned
 * `write(2)`: once it returns, the bytes belong to the operating system, so they survive the
 * server process being killed, which is what lets a write be acknowledged before the database
 * behind (LMDB) has committed it. An append that fails is cut off again before anything else is
 * appended, so a record never follows a partial one.
 */
export class WriteLog {
  readonly #dir: string;
  /** Segments before the current one that LMDB may not hold entirely yet, oldest first. */
  readonly #older: Array<{ start: number; path: string }> = [];
  #fd: number;
  #path: string;
  #start: number;
  #bytes = 0;
  #last: number;
  /** Set when a failed append could not be cut off; nothing is appended until it is. */
  #uncut = false;

  private constructor(dir: string, next: number) {
    this.#dir = dir;
    this.#start = next;
    this.#last = next - 1;
    this.#path = join(dir, segmentName(next));
    this.#fd = openSync(this.#path, 'wx');
  }

  /** What the log left by the last run holds after the applied position. */
  static replay(dir: string, applied: number): Replay {
    const segments = segmentsIn(dir).map((s) => ({ ...s, bytes: readFileSync(s.path) }));
    return planReplay(segments, applied);
  }

  /**
   * Deletes the segments of the last run (LMDB holds all of their writes) and opens a fresh one
   * whose first record is `next`.
   */
  static open(dir: string, next: number): WriteLog {
    for (const { path } of segmentsIn(dir)) rmSync(path, { force: true });
    return new WriteLog(dir, next);
  }

  /** The sequence number of the last record appended. */
  get last(): number {
    return this.#last;
  }

  /**
   * Appends one command's writes; returns its sequence number and the record's size. Throws
   * `LogAppendError`, or what `admit` throws when handed the record's size.
   */
  append(
    ops: readonly EncodedOp[],
    admit?: (bytes: number) => void,
  ): { seq: number; bytes: number } {
    if (this.#uncut) this.#cut();
    if (this.#bytes >= SEGMENT_BYTES) this.#roll();
    const seq = this.#last + 1;
    const record = encodeRecord(seq, ops);
    admit?.(record.length);
    let written = 0;
    try {
      while (written < record.length)
        written += writeSync(
          this.#fd,
          record,
          written,
          record.length - written,
          this.#bytes + written,
        );
    } catch (err) {
      this.#uncut = true;
      this.#cut();
      throw new LogAppendError(this.#path, err);
    }
    this.#bytes += record.length;
    this.#last = seq;
    return { seq, bytes: record.length };
  }

  /** Takes a failed append's bytes off the end of the segment. */
  #cut(): void {
    try {
      ftruncateSync(this.#fd, this.#bytes);
      this.#uncut = false;
    } catch (err) {
      throw new LogAppendError(this.#path, err);
    }
  }

  #roll(): void {
    const path = join(this.#dir, segmentName(this.#last + 1));
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (err) {
      throw new LogAppendError(path, err);
    }
    closeSync(this.#fd);
    this.#older.push({ start: this.#start, path: this.#path });
    this.#fd = fd;
    this.#path = path;
    this.#start = this.#last + 1;
    this.#bytes = 0;
  }

  /** Deletes the segments whose every record LMDB holds now (`applied` and before). */
  release(applied: number): void {
    while (this.#older.length > 0) {
      const following = this.#older[1]?.start ?? this.#start;
      if (following - 1 > applied) return;
      const done = this.#older.shift();
      if (done) rmSync(done.path, { force: true });
    }
  }

  /** Closes the log; `drop` deletes its segments too (LMDB holds all of their writes). */
  close(drop: boolean): void {
    closeSync(this.#fd);
    if (drop) for (const { path } of segmentsIn(this.#dir)) rmSync(path, { force: true });
  }
}
