import { BSON, type Document } from 'bson';
import { compileFilter } from '../engine/query.js';
import { MongoCommandError } from '../errors.js';
import {
  MAX_BSON_OBJECT_SIZE,
  MAX_MESSAGE_SIZE_BYTES,
  MAX_WRITE_BATCH_SIZE,
} from '../wire/protocol.js';
import { viewsOf } from '../engine/views.js';
import { asDocument, type CommandHandler } from './context.js';
import { LOGICAL_SESSION_TIMEOUT_MINUTES } from './sessions.js';

export const SERVER_VERSION = '7.0.0';
// The driver (7.x) refuses servers below wire version 9; 21 is what MongoDB 7.0 reports.
const MIN_WIRE_VERSION = 0;
const MAX_WIRE_VERSION = 21;

/** A standalone's handshake: no setName or topologyVersion, so drivers treat it as a single server. */
export const hello: CommandHandler = (cmd, _db, ctx) => {
  const reply: Document = {
    isWritablePrimary: true,
    ismaster: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE_BYTES,
    maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: LOGICAL_SESSION_TIMEOUT_MINUTES,
    connectionId: ctx.connectionId,
    minWireVersion: MIN_WIRE_VERSION,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
  };
  if (cmd['helloOk'] === true) reply['helloOk'] = true;
  reply['ok'] = 1;
  return reply;
};

export const ping: CommandHandler = () => ({ ok: 1 });

export const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded',
  versionArray: SERVER_VERSION.split('.').map(Number).concat(0),
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['lmdb'],
  modules: [],
  javascriptEngine: 'none',
  sysInfo: 'deprecated',
  allocator: 'system',
  openssl: { running: 'disabled' },
  buildEnvironment: {},
  ok: 1,
});

export const getCmdLineOpts: CommandHandler = () => ({
  argv: ['embedded-mongo'],
  parsed: {},
  ok: 1,
});

export const connectionStatus: CommandHandler = () => ({
  authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
  ok: 1,
});

export const whatsmyuri: CommandHandler = () => ({ you: '127.0.0.1', ok: 1 });

export const listDatabases: CommandHandler = (cmd, _db, ctx) => {
  const nameOnly = cmd['nameOnly'] === true;
  const filter = asDocument(cmd['filter'], 'filter');
  let databases: Document[] = ctx.engine.databases().map((name) => {
    if (nameOnly) return { name };
    let size = 0;
    for (const coll of ctx.engine.collections(name)) {
      for (const doc of coll.docs.values()) size += BSON.calculateObjectSize(doc);
    }
    return { name, sizeOnDisk: size, empty: size === 0 };
  });
  if (filter) {
    const query = compileFilter(filter);
    databases = databases.filter((d) => query.test(d));
  }
  if (nameOnly) return { databases, ok: 1 };
  const totalSize = databases.reduce(
    (sum, d) => sum + (typeof d['sizeOnDisk'] === 'number' ? d['sizeOnDisk'] : 0),
    0,
  );
  return { databases, totalSize, totalSizeMb: Math.floor(totalSize / (1024 * 1024)), ok: 1 };
};

export const dbStats: CommandHandler = (cmd, db, ctx) => {
  const scale = typeof cmd['scale'] === 'number' && cmd['scale'] > 0 ? cmd['scale'] : 1;
  let objects = 0;
  let dataSize = 0;
  let indexes = 0;
  const colls = ctx.engine.collections(db);
  for (const coll of colls) {
    indexes += coll.indexes.length;
    for (const doc of coll.docs.values()) {
      objects += 1;
      dataSize += BSON.calculateObjectSize(doc);
    }
  }
  return {
    db,
    collections: colls.length,
    views: viewsOf(ctx.engine, db).length,
    objects,
    avgObjSize: objects === 0 ? 0 : dataSize / objects,
    dataSize: dataSize / scale,
    storageSize: dataSize / scale,
    indexes,
    indexSize: 0,
    totalSize: dataSize / scale,
    scaleFactor: scale,
    ok: 1,
  };
};

export const dropDatabase: CommandHandler = (_cmd, db, ctx) => {
  ctx.engine.dropDatabase(db);
  return { dropped: db, ok: 1 };
};

const notSupported =
  (
    what: string,
    code: 'IllegalOperation' | 'CommandNotSupported' | 'AuthenticationFailed',
  ): CommandHandler =>
  () => {
    throw new MongoCommandError(code, what);
  };

export const transactionCommand = notSupported(
  'Transaction numbers are only allowed on a replica set member or mongos',
  'IllegalOperation',
);
export const authCommand = notSupported(
  'Authentication is not supported by the embedded server',
  'AuthenticationFailed',
);
