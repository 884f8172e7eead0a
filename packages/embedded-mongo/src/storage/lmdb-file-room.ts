import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// LMDB's data file in its directory.
export const LMDB_DATA_FILE = 'data.mdb';
const ZEROS = Buffer.alloc(256 * 1024);

/**
 * Zeros laid down in LMDB's data file past its last page in use, as many as the next
 * transaction could add (`lmdb-growth.ts`), before that transaction starts. LMDB then only
 * writes over bytes the file system has already given the file, so no page write of LMDB's
 * fails for want of space. That matters beyond the write itself: when one fails, lmdb 3.5.6
 * formats its message into a 100-byte heap buffer (`mdb_page_flush`, "Attempting to write page
 * at position ..."), with two lengths it never set, and overruns it by up to 30 bytes; the
 * process later aborts in `free()` ("corrupted size vs. prev_size"). Space laid down cannot be
 * taken by anything else on the disk meanwhile, which free space seen by `statfs` can.
 *
 * Only the store writes to LMDB, one transaction at a time; it lays zeros down only between
 * them, and only past the last page the last commit uses, which no reader or later
 * transaction has ever been given.
 */
export class LmdbFileRoom {
  readonly #path: string;
  readonly #fd: number;
  /** The end of the zeros laid down (bytes before it are the file's own on disk). */
  #laidTo = 0;

  constructor(dir: string) {
    this.#path = join(dir, LMDB_DATA_FILE);
    this.#fd = openSync(this.#path, 'r+');
  }

  get path(): string {
    return this.#path;
  }

  /** Bytes laid down past `usedBytes`, the end of LMDB's last page in use. */
  held(usedBytes: number): number {
    return Math.max(0, this.#laidTo - usedBytes);
  }

  /**
   * Makes sure `bytes` past `usedBytes` are the file's own on disk. Throws the write's error
   * (ENOSPC when the disk cannot give them); what was laid down before it stays.
   */
  secure(usedBytes: number, bytes: number): void {
    const target = usedBytes + bytes;
    // What lies past `usedBytes` and before `#laidTo` is zeros, or pages of LMDB's that no
    // commit kept: on disk either way.
    let at = Math.max(this.#laidTo, usedBytes);
    while (at < target) {
      at += writeSync(this.#fd, ZEROS, 0, Math.min(ZEROS.length, target - at), at);
      this.#laidTo = at;
    }
  }

  close(): void {
    closeSync(this.#fd);
  }
}
