import { Long, type Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { asNumber, collectionName, cursorId, type CommandHandler } from './context.js';

export const getMore: CommandHandler = (cmd, db, ctx) => {
  const id = cursorId(cmd['getMore']);
  const name = collectionName(cmd, 'collection');
  const cursor = ctx.cursors.get(id);
  if (!cursor) throw new MongoCommandError('CursorNotFound', `cursor id ${id} not found`);
  if (cursor.ns !== `${db}.${name}`) {
    throw new MongoCommandError(
      'Unauthorized',
      `Requested getMore on namespace '${db}.${name}', but cursor belongs to a different namespace ${cursor.ns}`,
    );
  }
  return ctx.cursors.more(cursor, asNumber(cmd['batchSize'], 'batchSize'));
};

export const killCursors: CommandHandler = (cmd, _db, ctx) => {
  collectionName(cmd, 'killCursors');
  const ids: unknown = cmd['cursors'];
  if (!Array.isArray(ids))
    throw new MongoCommandError('TypeMismatch', "BSON field 'cursors' must be an array");
  const killed: Long[] = [];
  const notFound: Long[] = [];
  for (const raw of ids) {
    const id = cursorId(raw);
    (ctx.cursors.kill(id) ? killed : notFound).push(Long.fromBigInt(id));
  }
  const reply: Document = {
    cursorsKilled: killed,
    cursorsNotFound: notFound,
    cursorsAlive: [],
    cursorsUnknown: [],
    ok: 1,
  };
  return reply;
};
