import { linkSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StorageStartError } from './storage-errors.js';

// `embedded-mongo.lock.<generation>`: the highest generation is the lock.
const LOCK = /^embedded-mongo\.lock\.(\d+)$/;
const RELEASED = 'released';
const ATTEMPTS = 50;
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

function lockName(generation: number): string {
  return `embedded-mongo.lock.${generation}`;
}

function generations(dir: string): number[] {
  return readdirSync(dir)
    .map((name) => LOCK.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
}

/** The pid holding a lock file; undefined once it was released or its process died. */
function holder(path: string): number | undefined | 'gone' {
  let content: string;
  try {
    content = readFileSync(path, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw err;
  }
  const pid = Number(content);
  if (content === RELEASED || !Number.isInteger(pid) || pid <= 0) return undefined;
  return pid === process.pid || isRunning(pid) ? pid : undefined;
}

/**
 * Claims a data directory for this process. The engine keeps all data in memory, so a second
 * server on the same files would silently diverge from the first.
 *
 * The lock is the file of the highest generation, `embedded-mongo.lock.<n>`, holding its
 * owner's pid. A claim creates generation n + 1 with `link(2)`, which fails when the name exists,
 * so of any number of processes that find generation n free (released, or its owner dead), one
 * gets n + 1. Files are never reused: a release writes "released" into the file and leaves it,
 * and older generations are deleted only by the owner of a newer one, after which a claim that
 * re-creates an old name sees the newer one and backs off. So there is no moment at which a
 * stale lock is removed and two processes could both take its place.
 */
export function lockDirectory(dir: string): () => void {
  const key = resolve(dir);
  if (held.has(key)) throw new DbPathInUseError(`data directory ${dir} is in use by this process`);
  const claim = join(dir, `embedded-mongo.claim.${process.pid}`);
  try {
    writeFileSync(claim, String(process.pid));
    try {
      // The lock of versions before generations, which a server still running may hold.
      const legacy = holder(join(dir, 'embedded-mongo.lock'));
      if (typeof legacy === 'number')
        throw new DbPathInUseError(`data directory ${dir} is in use by process ${legacy}`);
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const current = generations(dir).at(-1) ?? 0;
        if (current > 0) {
          const owner = holder(join(dir, lockName(current)));
          if (owner === 'gone') continue;
          if (owner !== undefined)
            throw new DbPathInUseError(`data directory ${dir} is in use by process ${owner}`);
        }
        const mine = current + 1;
        const path = join(dir, lockName(mine));
        try {
          linkSync(claim, path);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw err;
        }
        if ((generations(dir).at(-1) ?? 0) > mine) {
          // A newer generation exists: this name was one its owner had already deleted.
          rmSync(path, { force: true });
          continue;
        }
        for (const old of generations(dir))
          if (old < mine) rmSync(join(dir, lockName(old)), { force: true });
        held.add(key);
        return () => release(key, path);
      }
    } finally {
      rmSync(claim, { force: true });
    }
  } catch (err) {
    if (err instanceof DbPathInUseError) throw err;
    throw new StorageStartError(dir, 'lock the data directory', err);
  }
  throw new DbPathInUseError(
    `could not lock data directory ${dir}: other processes keep claiming it`,
  );
}

function release(key: string, path: string): void {
  held.delete(key);
  // Replaced whole, so a reader sees the pid or "released", never an empty file.
  const next = `${path}.${process.pid}.released`;
  try {
    writeFileSync(next, RELEASED);
    renameSync(next, path);
  } catch {
    rmSync(next, { force: true });
  }
}
