import { MongoCommandError } from '../errors.js';
import { freeBytes } from './free-space.js';
import { RESERVE_BYTES } from './space-reserve.js';
import { LogAppendError } from './write-log.js';

// errno values as LMDB reports them (it gives numbers, Node's fs gives names).
const ERRNO_NAMES: Readonly<Record<number, string>> = {
  5: 'EIO',
  13: 'EACCES',
  28: 'ENOSPC',
  30: 'EROFS',
  122: 'EDQUOT',
};

function codeOf(err: unknown): string | undefined {
  if (err === null || typeof err !== 'object' || !('code' in err)) return undefined;
  const code: unknown = err.code;
  if (typeof code === 'string') return code;
  if (typeof code === 'number') return ERRNO_NAMES[code] ?? `errno ${code}`;
  return undefined;
}

/** The error a storage failure wraps (a failed append keeps the system call's). */
function rootCause(err: unknown): unknown {
  return err instanceof LogAppendError ? err.cause : err;
}

// Below this, a failed write is put down to a full disk: LMDB grows its file by more than a page
// at a time, and the space reserve may have been handed back just after the failure.
export const NEARLY_FULL_BYTES = 4 * RESERVE_BYTES;

/**
 * Whether a storage failure means the disk is full. LMDB reports a write it could not make on
 * a full disk as EIO as often as ENOSPC, so the free space decides when the code does not.
 */
export function isDiskFull(err: unknown, dir: string): boolean {
  const code = codeOf(rootCause(err));
  if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  const free = freeBytes(dir);
  return free !== undefined && free < NEARLY_FULL_BYTES;
}

/** What went wrong, with the file it concerns when known: "ENOSPC on /data/wal-….log". */
export function describeFailure(err: unknown): string {
  const cause = rootCause(err);
  const code = codeOf(cause);
  const path =
    err instanceof LogAppendError
      ? err.path
      : cause !== null && typeof cause === 'object' && 'path' in cause
        ? String(cause.path)
        : undefined;
  const message = cause instanceof Error ? cause.message : String(cause);
  const what = code === undefined || message.startsWith(code) ? message : `${code} (${message})`;
  return path === undefined ? what : `${what} on ${path}`;
}

/**
 * The reply to a write storage refused. The engine has already put back what the command
 * changed, so the message can promise that nothing of it remains.
 */
export function writeRefused(err: unknown, dir: string): MongoCommandError {
  if (isDiskFull(err, dir)) {
    return new MongoCommandError(
      'OutOfDiskSpace',
      `write refused, nothing of it was applied: the disk holding ${dir} is full ` +
        `(${describeFailure(err)}). Deleting documents or freeing space on that disk lets ` +
        'writes succeed again, without a restart.',
    );
  }
  return new MongoCommandError(
    'InternalError',
    `write refused, nothing of it was applied: ${dir} could not be written ` +
      `(${describeFailure(err)}). Retry once the disk is healthy.`,
  );
}

/** A start-up failure that names what failed and where. */
export class StorageStartError extends Error {
  readonly code: string;

  constructor(dir: string, step: string, err: unknown) {
    const full = isDiskFull(err, dir) ? ' (the disk is full)' : '';
    super(`cannot ${step} in ${dir}: ${describeFailure(err)}${full}`);
    this.code = codeOf(rootCause(err)) ?? 'ESTORAGE';
  }
}

/**
 * Refuses to create a database on a disk that is (nearly) full. LMDB creates its file and tables
 * in a transaction the store cannot lay room down for, and a page write that fails inside LMDB
 * can corrupt the process's heap (see `lmdb-file-room.ts`); an existing database is opened
 * without writing.
 */
export function refuseNewDatabaseOnFullDisk(dir: string, exists: boolean): void {
  const free = freeBytes(dir);
  if (exists || free === undefined || free >= NEARLY_FULL_BYTES) return;
  const full = Object.assign(new Error(`no space left on device (${free} bytes free)`), {
    code: 'ENOSPC',
  });
  throw new StorageStartError(dir, 'create the database', full);
}
