import { closeSync, ftruncateSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { freeBytes } from './free-space.js';

const RESERVE_FILE = 'embedded-mongo.reserve';
// Enough for the log record and LMDB pages of a large delete: on a full disk, deleting is what
// frees space, and it needs a little space of its own first. (The store asks for more when
// LMDB's file is large: the room one transaction needs grows with it, `lmdb-growth.ts`.)
export const RESERVE_BYTES = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024);

/**
 * A file of zeros held back from the disk while all is well. When the disk fills, a write that
 * only deletes may give it up to get its log record and LMDB pages written (deleting is how a
 * full disk is emptied: LMDB reuses the pages for later writes). It is laid down again once the
 * disk has room for it and as much again.
 */
export class SpaceReserve {
  readonly #dir: string;
  readonly #path: string;
  #held: boolean;

  constructor(dir: string) {
    this.#dir = dir;
    this.#path = join(dir, RESERVE_FILE);
    this.#held = false;
    this.#held = this.#size() >= RESERVE_BYTES;
  }

  #size(): number {
    try {
      return statSync(this.#path).size;
    } catch {
      return 0;
    }
  }

  get held(): boolean {
    return this.#held;
  }

  /**
   * Lays the reserve down, `bytes` large (a reserve held already grows to it); false, and
   * nothing left behind, when the disk has no room for it. A reserve held stays as it was when
   * the disk has no room to make it larger.
   */
  take(bytes = RESERVE_BYTES): boolean {
    const had = this.#held ? this.#size() : 0;
    if (had >= bytes) return true;
    let fd: number | undefined;
    try {
      fd = openSync(this.#path, this.#held ? 'r+' : 'w');
      for (let at = had; at < bytes;)
        at += writeSync(fd, CHUNK, 0, Math.min(CHUNK.length, bytes - at), at);
      this.#held = true;
    } catch {
      if (had > 0 && fd !== undefined) ftruncateSync(fd, had);
      else this.#release();
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    return this.#held;
  }

  /** Lays the reserve down again if it was given up and the disk has room for it to spare. */
  retake(bytes = RESERVE_BYTES): void {
    if (this.#held) return;
    const free = freeBytes(this.#dir);
    if (free !== undefined && free >= 2 * bytes) this.take(bytes);
  }

  /** Gives the reserve's space back to the disk. */
  release(): void {
    this.#release();
  }

  #release(): void {
    rmSync(this.#path, { force: true });
    this.#held = false;
  }
}
