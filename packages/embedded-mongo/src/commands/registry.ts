import type { Document } from 'bson';
import { errorReply, MongoCommandError } from '../errors.js';
import * as admin from './admin.js';
import { collMod } from './coll-mod.js';
import { collStats } from './coll-stats.js';
import * as collections from './collections.js';
import type { CommandContext, CommandHandler } from './context.js';
import * as crud from './crud.js';
import * as cursors from './cursors.js';
import * as indexes from './indexes.js';
import { getParameter, setParameter } from './parameters.js';
import * as read from './read.js';
import { checkReadConcern } from './read-concern.js';
import * as sessions from './sessions.js';
import { COLLECTION_ONLY_COMMANDS, refuseViewTarget } from './view-guard.js';

const HANDLERS: Record<string, CommandHandler> = {
  hello: admin.hello,
  isMaster: admin.hello,
  ismaster: admin.hello,
  ping: admin.ping,
  buildInfo: admin.buildInfo,
  buildinfo: admin.buildInfo,
  endSessions: sessions.endSessions,
  refreshSessions: sessions.refreshSessions,
  killSessions: sessions.killSessions,
  killAllSessions: sessions.killAllSessions,
  startSession: sessions.startSession,
  getCmdLineOpts: admin.getCmdLineOpts,
  getParameter,
  setParameter,
  connectionStatus: admin.connectionStatus,
  whatsmyuri: admin.whatsmyuri,
  listDatabases: admin.listDatabases,
  listCollections: collections.listCollections,
  create: collections.create,
  drop: collections.drop,
  dropDatabase: admin.dropDatabase,
  renameCollection: collections.renameCollection,
  collMod,
  collStats,
  dbStats: admin.dbStats,
  dbstats: admin.dbStats,
  insert: crud.insert,
  update: crud.update,
  delete: crud.remove,
  findAndModify: crud.findAndModify,
  findandmodify: crud.findAndModify,
  find: read.find,
  count: read.count,
  distinct: read.distinct,
  aggregate: read.aggregate,
  explain: read.explain,
  getMore: cursors.getMore,
  killCursors: cursors.killCursors,
  createIndexes: indexes.createIndexes,
  listIndexes: indexes.listIndexes,
  dropIndexes: indexes.dropIndexes,
  deleteIndexes: indexes.dropIndexes,
  startTransaction: admin.transactionCommand,
  commitTransaction: admin.transactionCommand,
  abortTransaction: admin.transactionCommand,
  saslStart: admin.authCommand,
  saslContinue: admin.authCommand,
  authenticate: admin.authCommand,
};

/** Runs one command synchronously and always returns a reply document, never throws. */
export function runCommand(body: Document, ctx: CommandContext): Document {
  const name = Object.keys(body)[0];
  try {
    if (name === undefined) throw new MongoCommandError('FailedToParse', 'Empty command object');
    const db: unknown = body['$db'];
    if (typeof db !== 'string' || db.length === 0)
      throw new MongoCommandError('InvalidNamespace', 'command is missing $db');
    // Sessions are accepted but transactions are not: applying a transactional write outside a
    // transaction would silently break the caller's atomicity, so refuse it like a standalone does.
    if (
      body['txnNumber'] !== undefined ||
      body['startTransaction'] !== undefined ||
      body['autocommit'] !== undefined
    ) {
      throw new MongoCommandError(
        'IllegalOperation',
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
    }
    checkReadConcern(body);
    const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
    if (!handler) throw new MongoCommandError('CommandNotFound', `no such command: '${name}'`);
    if (COLLECTION_ONLY_COMMANDS.has(name)) {
      const refused = refuseViewTarget(name, body, db, ctx.engine);
      if (refused) return refused;
    }
    return handler(body, db, ctx);
  } catch (err) {
    return errorReply(err);
  }
}
