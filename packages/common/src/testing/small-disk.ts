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
 * disk is the kernel's ENOSPC and not an imitation of it.
 */
export async function mountSmallDisk(megabytes: number): Promise<SmallDisk> {
  const dir = await mkdtemp(join(tmpdir(), 'small-disk-'));
  await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  return {
    dir,
    async unmount() {
      await run('umount', ['-l', dir]);
      await rm(dir, { recursive: true, force: true });
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
