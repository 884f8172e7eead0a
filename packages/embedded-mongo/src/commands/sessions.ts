import { UUID, type Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { bsonTypeOf } from '../values/types.js';
import type { CommandHandler } from './context.js';

/** Advertised in `hello`: drivers use sessions (implicit ones too) only when it is there. */
export const LOGICAL_SESSION_TIMEOUT_MINUTES = 30;

/**
 * Logical sessions: a standalone keeps no state for them here (there are no transactions or
 * retryable writes to attach to a session), so the commands that manage them only check their
 * argument and answer ok, which is all a driver needs.
 */
function sessionList(cmd: Document, name: string): void {
  const value: unknown = cmd[name];
  if (!Array.isArray(value)) {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '${name}.${name}' is the wrong type '${bsonTypeOf(value)}', expected type 'array'`,
    );
  }
}

export const endSessions: CommandHandler = (cmd) => {
  sessionList(cmd, 'endSessions');
  return { ok: 1 };
};

export const refreshSessions: CommandHandler = (cmd) => {
  sessionList(cmd, 'refreshSessions');
  return { ok: 1 };
};

export const killSessions: CommandHandler = (cmd) => {
  sessionList(cmd, 'killSessions');
  return { ok: 1 };
};

export const killAllSessions: CommandHandler = (cmd) => {
  sessionList(cmd, 'killAllSessions');
  return { ok: 1 };
};

export const startSession: CommandHandler = () => ({
  id: { id: new UUID() },
  timeoutMinutes: LOGICAL_SESSION_TIMEOUT_MINUTES,
  ok: 1,
});
