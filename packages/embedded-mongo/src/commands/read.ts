import { resolve } from 'mingo/util';
import { valueKey } from '../bson.js';
import { withLocalSessions } from '../engine/aggregation/list-local-sessions.js';
import { aggregateIterator, findIterator } from '../engine/query.js';
import { writeChecksOf } from '../engine/validation.js';
import { tailableFind, tailingOptions } from '../engine/tailable.js';
import { documentsMatching, findOnView, viewDocuments } from '../engine/view-reads.js';
import { resolveView } from '../engine/views.js';
import { MongoCommandError } from '../errors.js';
import { CollationKeys } from '../values/collation-keys.js';
import { compareValues } from '../values/compare.js';
import {
  asDocument,
  asDocumentArray,
  asNumber,
  collectionName,
  type CommandHandler,
} from './context.js';
import { collationOptionOf, queryOptionsOf } from './query-options.js';
import { findCommandOf } from './find-spec.js';
import { findOneById } from './find-by-id.js';
import { explainCommand } from './explain.js';

export const find: CommandHandler = (cmd, db, ctx) => {
  const byId = findOneById(cmd, db, ctx);
  if (byId) return byId;
  const name = collectionName(cmd, 'find');
  const { spec, batchSize, singleBatch } = findCommandOf(cmd);
  const { filter, sort, limit } = spec;
  const { tailable, awaitData } = tailingOptions(cmd);
  const coll = ctx.engine.collection(db, name);
  const options = queryOptionsOf(cmd, 'find');
  const view = coll || tailable ? undefined : resolveView(ctx.engine, db, name);
  const source = tailable
    ? tailableFind(coll, filter, sort, options)
    : view
      ? findOnView(ctx.engine, db, view, spec, options)
      : findIterator(coll, spec, options);
  return ctx.cursors.open(`${db}.${name}`, source, {
    batchSize,
    limit,
    singleBatch,
    tailable,
    awaitData,
  });
};

export const count: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'count');
  const filter = asDocument(cmd['query'], 'query') ?? {};
  const skip = asNumber(cmd['skip'], 'skip') ?? 0;
  const limit = Math.abs(asNumber(cmd['limit'], 'limit') ?? 0);
  const coll = ctx.engine.collection(db, name);
  const options = collationOptionOf(cmd, 'count');
  let n = 0;
  if (coll && Object.keys(filter).length === 0) {
    n = coll.docs.size;
  } else {
    for (const _doc of documentsMatching(ctx.engine, db, name, filter, options)) n += 1;
  }
  n = Math.max(0, n - skip);
  if (limit > 0) n = Math.min(n, limit);
  return { n, ok: 1 };
};

export const distinct: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'distinct');
  const key: unknown = cmd['key'];
  if (typeof key !== 'string')
    throw new MongoCommandError('TypeMismatch', "BSON field 'key' is missing or not a string");
  const filter = asDocument(cmd['query'], 'query') ?? {};
  const options = collationOptionOf(cmd, 'distinct');
  const keys = options.collation ? new CollationKeys(options.collation.compare) : undefined;
  const seen = new Map<string, unknown>();
  const add = (value: unknown): void => {
    if (value === undefined) return;
    const k = keys ? keys.keyOf(value) : valueKey(value);
    if (!seen.has(k)) seen.set(k, value);
  };
  for (const doc of documentsMatching(ctx.engine, db, name, filter, options)) {
    const value: unknown = resolve(doc, key);
    if (Array.isArray(value)) value.forEach(add);
    else add(value);
  }
  // MongoDB collects the values in an ordered set, so they come back sorted (under the collation).
  const values = [...seen.values()].sort((a, b) => compareValues(a, b, options.collation?.compare));
  return { values, ok: 1 };
};

export const aggregate: CommandHandler = (cmd, db, ctx) => {
  const target: unknown = cmd['aggregate'];
  const pipeline = asDocumentArray(cmd['pipeline'], 'pipeline');
  const cursorOpts = asDocument(cmd['cursor'], 'cursor');
  if (!cursorOpts && cmd['explain'] !== true) {
    throw new MongoCommandError(
      'FailedToParse',
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
  if (cmd['explain'] === true) {
    const { explain: _explain, cursor: _cursor, ...inner } = cmd;
    return explainCommand(inner, db, 'queryPlanner', ctx);
  }
  const batchSize = asNumber(cursorOpts?.['batchSize'], 'cursor.batchSize');
  let name: string;
  if (target === 1) {
    name = '$cmd.aggregate';
  } else {
    name = collectionName(cmd, 'aggregate');
  }
  const coll = target === 1 ? undefined : ctx.engine.collection(db, name);
  const options = { ...queryOptionsOf(cmd, 'aggregate'), ...writeChecksOf(cmd) };
  const stages = withLocalSessions(cmd, pipeline, target === 1);
  const view = target === 1 || coll ? undefined : resolveView(ctx.engine, db, name);
  const source = view
    ? viewDocuments(ctx.engine, db, view, stages, options)
    : aggregateIterator(ctx.engine, db, coll, stages, options);
  return ctx.cursors.open(`${db}.${name}`, source, { batchSize });
};

export const explain: CommandHandler = (cmd, db, ctx) => {
  const inner = asDocument(cmd['explain'], 'explain');
  if (!inner)
    throw new MongoCommandError('FailedToParse', 'explain command requires a nested object');
  return explainCommand(inner, db, cmd['verbosity'], ctx);
};
