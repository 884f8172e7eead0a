import { closeSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { freeBytes } from './free-space.js';

const RESERVE_FILE = 'embedded-mongo.reserve';
// Enough for the log record and LMDB pages of a large delete: on a full disk, deleting is what
// frees space, and it needs a little space of its own first.
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
    try {
      this.#held = statSync(this.#path).size === RESERVE_BYTES;
    } catch {
      this.#held = false;
    }
  }

  get held(): boolean {
    return this.#held;
  }

  /** Lays the reserve down; false (and nothing left behind) when the disk has no room for it. */
  take(): boolean {
    if (this.#held) return true;
    let fd: number | undefined;
    try {
      fd = openSync(this.#path, 'w');
      for (let at = 0; at < RESERVE_BYTES; at += CHUNK.length)
        for (let done = 0; done < CHUNK.length;)
          done += writeSync(fd, CHUNK, done, CHUNK.length - done, at + done);
      this.#held = true;
    } catch {
      this.#release();
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    return this.#held;
  }

  /** Lays the reserve down again if it was given up and the disk has room for it to spare. */
  retake(): void {
    if (this.#held) return;
    const free = freeBytes(this.#dir);
    if (free !== undefined && free >= 2 * RESERVE_BYTES) this.take();
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
