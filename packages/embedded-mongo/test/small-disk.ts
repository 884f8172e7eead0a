import { execFile } from 'node:child_process';
import {
  closeSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { LaunchOptions } from './cli-process.js';

const run = promisify(execFile);
const SIMULATION = fileURLToPath(new URL('./simulated-disk.mjs', import.meta.url));
const MB = 1024 * 1024;

export interface SmallDisk {
  dir: string;
  /** How to start a server that is to see this disk as its own. */
  launch: LaunchOptions;
  /** Sets the file system's size (a disk made larger or smaller while in use). */
  resize(megabytes: number): Promise<void>;
  /** Writes a file until the disk is full; returns its path. */
  fill(): string;
  unmount(): Promise<void>;
}

/** Writes a file of ones until `write(2)` fails with ENOSPC. */
function fillUntilFull(path: string): void {
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
}

function bytesIn(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.disk-bytes') continue;
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesIn(path) : statSync(path).size;
  }
  return total;
}

/**
 * A file system of its own, `megabytes` large: a tmpfs mounted for the test (which needs root,
 * as CI has), so a full disk is the kernel's ENOSPC and not an imitation of it. Where no tmpfs
 * can be mounted, a folder whose size `simulated-disk.mjs` enforces inside the server process
 * (an injected ENOSPC that LMDB's own writes do not see).
 */
export async function mountSmallDisk(megabytes: number): Promise<SmallDisk> {
  const dir = await mkdtemp(join(tmpdir(), 'embedded-mongo-disk-'));
  let fills = 0;
  const filler = (): string => join(dir, `filler-${fills++}`);
  try {
    // SIMULATED_DISK=1 tries the fallback where mounting works.
    if (process.env['SIMULATED_DISK'] === '1') throw new Error('simulated disk asked for');
    await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  } catch {
    const size = join(dir, '.disk-bytes');
    let current = megabytes;
    writeFileSync(size, String(current * MB));
    return {
      dir,
      launch: {
        execArgv: ['--import', SIMULATION],
        env: { EMBEDDED_MONGO_SIMULATED_DISK: dir },
      },
      async resize(to: number): Promise<void> {
        current = to;
        writeFileSync(size, String(current * MB));
      },
      fill(): string {
        const path = filler();
        writeFileSync(path, Buffer.alloc(Math.max(0, current * MB - bytesIn(dir)), 1));
        return path;
      },
      async unmount(): Promise<void> {
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  return {
    dir,
    launch: {},
    async resize(to: number): Promise<void> {
      await run('mount', ['-o', `remount,size=${to}m`, dir]);
    },
    fill(): string {
      const path = filler();
      fillUntilFull(path);
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
