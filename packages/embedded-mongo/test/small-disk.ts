import { execFile } from 'node:child_process';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SmallDisk {
  dir: string;
  /** Sets the file system's size (a disk made larger or smaller while in use). */
  resize(megabytes: number): Promise<void>;
  /** Writes a file of zeros until the disk is full; returns its path. */
  fill(): string;
  unmount(): Promise<void>;
}

/**
 * A file system of its own, `megabytes` large: a tmpfs mounted for the test (which needs root,
 * as CI has), so a full disk is the kernel's ENOSPC and not an imitation of it.
 */
export async function mountSmallDisk(megabytes: number): Promise<SmallDisk> {
  const dir = await mkdtemp(join(tmpdir(), 'embedded-mongo-disk-'));
  await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  let fills = 0;
  return {
    dir,
    async resize(size: number): Promise<void> {
      await run('mount', ['-o', `remount,size=${size}m`, dir]);
    },
    fill(): string {
      const path = join(dir, `filler-${fills++}`);
      const fd = openSync(path, 'w');
      try {
        // Large pieces first, then small ones for what is left of the last pages.
        for (const size of [64 * 1024, 512]) {
          const chunk = Buffer.alloc(size, 1);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          }
        }
      } finally {
        closeSync(fd);
      }
      return path;
    },
    async unmount(): Promise<void> {
      await run('umount', ['-l', dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Removes a file `fill` wrote, giving its space back. */
export function unfill(path: string): void {
  rmSync(path, { force: true });
}
