import {
  MongoDriverError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';

/** The driver's pool errors, which it does not export: waiting too long, or a closed pool. */
const POOL_ERRORS = new Set(['MongoWaitQueueTimeoutError', 'MongoPoolClosedError']);

/**
 * Socket errors the driver sometimes passes on unwrapped (a write to a connection the database
 * reset). A request handler opens no other connection, so in one they come from the database.
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
 * True when the driver failed because the database could not be reached in time (refused,
 * reset, stalled past the socket deadline, no server to choose, its pool cleared by a failed
 * heartbeat), as opposed to the database refusing the operation itself. Such a failure says
 * nothing about the request, so it is counted and summarised rather than logged with a stack.
 */
export function isDatabaseUnavailable(thrown: unknown): boolean {
  return (
    thrown instanceof MongoNetworkError ||
    thrown instanceof MongoServerSelectionError ||
    thrown instanceof MongoTopologyClosedError ||
    thrown instanceof MongoNotConnectedError ||
    (thrown instanceof MongoDriverError && POOL_ERRORS.has(thrown.name)) ||
    isSocketError(thrown)
  );
}
