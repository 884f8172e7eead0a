import { execFile } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SmallDisk {
  dir: string;
  unmount(): Promise<void>;
}

/**
 * A tmpfs of `megabytes` of its own (mounting needs root, as the tests and CI have), so a full
 * disk is the kernel's ENOSPC and not an imitation of it. Its mount point is a fresh temporary
 * folder, so test files that run side by side never share one.
 */
export async function mountSmallDisk(megabytes: number): Promise<SmallDisk> {
  const dir = await mkdtemp(join(tmpdir(), 'small-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  let unmounted: Promise<void> | undefined;
  return {
    dir,
    // Lazily, so a file some process still holds open does not keep the disk mounted; the folder
    // goes only once nothing is mounted there, so a failed unmount never empties the disk.
    unmount() {
      unmounted ??= run('umount', ['-l', dir]).then(() =>
        rm(dir, { recursive: true, force: true }),
      );
      return unmounted;
    },
  };
}

/** Writes up to `bytes` to `path` a page at a time, fewer when the disk fills first. */
export function writeFiller(path: string, bytes = Number.POSITIVE_INFINITY): void {
  const fd = openSync(path, 'w');
  const page = Buffer.alloc(4096, 1);
  try {
    for (let written = 0; written < bytes; written += page.length) writeSync(fd, page);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}
