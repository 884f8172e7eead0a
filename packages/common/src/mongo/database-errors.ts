import {
  BSON,
  MongoDriverError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import type { DatabaseErrors } from '../errors/classify.js';

/** The answer to a request whose own content the database refused. */
export interface DatabaseRefusal {
  status: number;
  message: string;
}

const UNSTORABLE: DatabaseRefusal = {
  status: 400,
  message: 'the request holds a value the database cannot store',
};
const TOO_LARGE: DatabaseRefusal = {
  status: 413,
  message: 'the request would make a document larger than the database can store',
};

/**
 * The server's codes for a write refused for what it holds: nesting too deep, an operator or
 * path key, an empty key, a document over 16 MB. No service lets a client choose a unique key,
 * so a duplicate key (11000) stays a bug.
 */
const REFUSED_CODES = new Map<number, DatabaseRefusal>([
  [15, UNSTORABLE],
  [52, UNSTORABLE],
  [56, UNSTORABLE],
  [57, UNSTORABLE],
  [10334, TOO_LARGE],
  [17419, TOO_LARGE],
]);

/**
 * The 4xx for a database error the request caused (what BSON cannot encode, or the codes above),
 * or undefined: such a failure is neither an outage nor a bug of the service.
 */
export function databaseRefusal(thrown: unknown): DatabaseRefusal | undefined {
  if (BSON.BSONError.isBSONError(thrown)) return UNSTORABLE;
  if (thrown instanceof MongoServerError && typeof thrown.code === 'number') {
    return REFUSED_CODES.get(thrown.code);
  }
  return undefined;
}

/**
 * The codes for a write refused for want of disk space: 14031 OutOfDiskSpace (the embedded
 * server's full disk; MongoDB's own when it has no room for a file) and 12520, MongoDB's
 * "new file allocation failure". MongoDB on WiredTiger stops instead, which the driver reports
 * as a network error.
 */
const OUT_OF_SPACE_CODES = new Set([14031, 12520]);

/** Why the database refuses writes when `thrown` says it has no space left, else undefined. */
export function writeRefusalReason(thrown: unknown): string | undefined {
  if (!(thrown instanceof MongoServerError) || typeof thrown.code !== 'number') return undefined;
  return OUT_OF_SPACE_CODES.has(thrown.code) ? 'database refuses writes: disk full' : undefined;
}

/** The driver's pool errors, which it does not export. */
const POOL_ERRORS = new Set(['MongoWaitQueueTimeoutError', 'MongoPoolClosedError']);

/**
 * Socket errors the driver sometimes passes on unwrapped (a write to a connection the database
 * reset); a request handler opens no other connection.
 */
const SOCKET_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

function isSocketError(thrown: unknown): boolean {
  if (!(thrown instanceof Error) || !('code' in thrown) || !('syscall' in thrown)) return false;
  return typeof thrown.code === 'string' && SOCKET_ERROR_CODES.has(thrown.code);
}

/**
 * The database could not be reached in time (refused, reset, stalled, no server to choose, its
 * pool cleared) or refuses writes for want of space, as opposed to refusing the operation for
 * what it holds: the service's generic 500, counted and summarised, not logged with a stack.
 */
export function isDatabaseUnavailable(thrown: unknown): boolean {
  return (
    thrown instanceof MongoNetworkError ||
    thrown instanceof MongoServerSelectionError ||
    thrown instanceof MongoTopologyClosedError ||
    thrown instanceof MongoNotConnectedError ||
    (thrown instanceof MongoDriverError && POOL_ERRORS.has(thrown.name)) ||
    isSocketError(thrown) ||
    writeRefusalReason(thrown) !== undefined
  );
}

/** MongoDB's failures, for `addErrorHandlers`. */
export const mongoDatabaseErrors: DatabaseErrors = {
  refusal: databaseRefusal,
  isUnavailable: isDatabaseUnavailable,
};
