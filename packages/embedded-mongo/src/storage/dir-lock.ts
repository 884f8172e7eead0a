import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const LOCK_FILE = 'embedded-mongo.lock';
// Directories locked by servers in this process (the pid in the lock file cannot tell them apart).
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM means the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DbPathInUseError extends Error {
  readonly code = 'EDBPATHINUSE';
}

/**
 * Claims a data directory for this process. The engine keeps all data in memory, so a second
 * server on the same files would silently diverge from the first. A lock left behind by a killed
 * process is taken over.
 */
export function lockDirectory(dir: string): () => void {
  const key = resolve(dir);
  if (held.has(key)) throw new DbPathInUseError(`data directory ${dir} is in use by this process`);
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      held.add(key);
      return () => {
        held.delete(key);
        rmSync(path, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DbPathInUseError(`data directory ${dir} is in use by process ${owner}`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new DbPathInUseError(`could not lock data directory ${dir}`);
}
