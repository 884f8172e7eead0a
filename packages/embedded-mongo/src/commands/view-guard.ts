import type { Document } from 'bson';
import type { Engine } from '../engine/engine.js';
import { SYSTEM_VIEWS, viewDefinition, viewNotCollectionError } from '../engine/views.js';
import { MongoCommandError } from '../errors.js';

/** Write commands, with the field holding their statements: on a view each statement fails. */
const WRITE_STATEMENTS: Record<string, string> = {
  insert: 'documents',
  update: 'updates',
  delete: 'deletes',
};

const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify', 'findandmodify']);

/** The error MongoDB gives each command that needs a collection where there is a view. */
function viewError(command: string, db: string, name: string): MongoCommandError {
  if (command === 'createIndexes') {
    return new MongoCommandError('CommandNotSupportedOnView', 'Cannot create indexes on a view');
  }
  if (command === 'dropIndexes' || command === 'deleteIndexes') {
    return new MongoCommandError(
      'CommandNotSupportedOnView',
      `Cannot drop indexes on view ${db}.${name}`,
    );
  }
  return viewNotCollectionError(db, name);
}

/** Each statement of a write batch fails on a view; an ordered batch stops at the first. */
function writeErrorsReply(command: string, cmd: Document, error: MongoCommandError): Document {
  const statements: unknown = cmd[WRITE_STATEMENTS[command] ?? ''];
  const count = Array.isArray(statements) ? statements.length : 1;
  const failed = cmd['ordered'] === false ? count : Math.min(count, 1);
  const writeErrors = Array.from({ length: failed }, (_, index) => ({
    index,
    code: error.code,
    errmsg: error.message,
  }));
  const reply: Document = command === 'update' ? { n: 0, nModified: 0 } : { n: 0 };
  reply['writeErrors'] = writeErrors;
  reply['ok'] = 1;
  return reply;
}

/**
 * Answers a command aimed at a view that needs a collection, or a write to `system.views`
 * (which only `create`, `collMod` and `drop` change); undefined when the command may run.
 */
export function refuseViewTarget(
  command: string,
  cmd: Document,
  db: string,
  engine: Engine,
): Document | undefined {
  const name: unknown = cmd[command];
  if (name === SYSTEM_VIEWS && WRITES.has(command)) {
    throw new MongoCommandError('InvalidNamespace', `cannot write to ${db}.${SYSTEM_VIEWS}`);
  }
  if (typeof name !== 'string' || engine.collection(db, name) !== undefined) return undefined;
  if (!viewDefinition(engine, db, name)) return undefined;
  const error = viewError(command, db, name);
  if (Object.hasOwn(WRITE_STATEMENTS, command)) return writeErrorsReply(command, cmd, error);
  throw error;
}

/** Commands that need a collection rather than a view. */
export const COLLECTION_ONLY_COMMANDS = new Set([
  ...WRITES,
  'createIndexes',
  'listIndexes',
  'dropIndexes',
  'deleteIndexes',
]);
