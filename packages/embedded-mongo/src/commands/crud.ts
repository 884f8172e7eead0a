import type { Document } from 'bson';
import { isPlainObject } from '../bson.js';
import { validateId, withIdFirst } from '../engine/collection.js';
import { checkVariablesDefined } from '../engine/let-variables.js';
import { findIterator, matching, project } from '../engine/query.js';
import {
  applyUpdate,
  applyUpdates,
  buildUpsertDocument,
  type UpdateResult,
  type UpdateSpec,
} from '../engine/update.js';
import { assertInsertSize, assertUpsertSize, mayHoldOversizedDocument } from '../engine/limits.js';
import { writeChecksOf } from '../engine/validation.js';
import { MongoCommandError } from '../errors.js';
import { MAX_WRITE_BATCH_SIZE } from '../wire/protocol.js';
import {
  asDocument,
  asDocumentArray,
  asNumber,
  collectionName,
  type CommandHandler,
} from './context.js';
import { queryOptionsOf, statementOptions } from './query-options.js';

function writeError(index: number, err: unknown): Document {
  if (err instanceof MongoCommandError)
    return { index, code: err.code, errmsg: err.message, ...err.extra };
  return { index, code: 2, errmsg: err instanceof Error ? err.message : String(err) };
}

function checkBatch(items: unknown[], field: string): void {
  if (items.length === 0)
    throw new MongoCommandError('BadValue', `Write batch '${field}' must not be empty`);
  if (items.length > MAX_WRITE_BATCH_SIZE)
    throw new MongoCommandError(
      'BadValue',
      `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH_SIZE}`,
    );
}

function withWriteErrors(reply: Document, errors: Document[]): Document {
  if (errors.length > 0) reply['writeErrors'] = errors;
  reply['ok'] = 1;
  return reply;
}

export const insert: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'insert');
  const docs = asDocumentArray(cmd['documents'], 'documents');
  checkBatch(docs, 'documents');
  const ordered = cmd['ordered'] !== false;
  const { coll } = ctx.engine.ensureCollection(db, name);
  const checks = writeChecksOf(cmd);
  const measure = mayHoldOversizedDocument(ctx.messageBytes ?? 0);
  let n = 0;
  const errors: Document[] = [];
  for (const [index, raw] of docs.entries()) {
    try {
      if (measure) assertInsertSize(raw);
      const doc = withIdFirst(raw);
      validateId(doc['_id']);
      coll.insert(doc, checks);
      n += 1;
    } catch (err) {
      errors.push(writeError(index, err));
      if (ordered) break;
    }
  }
  return withWriteErrors({ n }, errors);
};

/** An update's `u`; a pipeline is checked for undefined variables before any document is read. */
function updateSpec(value: unknown, variables: Document | undefined): UpdateSpec {
  if (Array.isArray(value)) {
    const pipeline = asDocumentArray(value, 'u');
    checkVariablesDefined(pipeline, variables);
    return pipeline;
  }
  if (isPlainObject(value)) return value;
  throw new MongoCommandError(
    'FailedToParse',
    'Update argument must be either an object or an array',
  );
}

/**
 * MongoDB 7.0 parses update statements strictly; `sort` (which 8.0 added) is one field it does
 * not know, so a command carrying it fails as a whole before any statement runs.
 */
function checkUpdateStatements(statements: Document[]): void {
  for (const stmt of statements) {
    if (stmt['sort'] !== undefined) {
      throw new MongoCommandError(
        'Location40415',
        "BSON field 'update.updates.sort' is an unknown field.",
      );
    }
  }
}

export const update: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'update');
  const statements = asDocumentArray(cmd['updates'], 'updates');
  checkBatch(statements, 'updates');
  checkUpdateStatements(statements);
  const ordered = cmd['ordered'] !== false;
  const { variables } = queryOptionsOf(cmd, 'update');
  // As in MongoDB, only an upsert that inserts creates a missing collection.
  let coll = ctx.engine.collection(db, name);
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  const errors: Document[] = [];
  for (const [index, stmt] of statements.entries()) {
    try {
      const filter = asDocument(stmt['q'], 'q') ?? {};
      const options = statementOptions(variables, stmt);
      const u = updateSpec(stmt['u'], variables);
      const arrayFilters =
        stmt['arrayFilters'] === undefined
          ? undefined
          : asDocumentArray(stmt['arrayFilters'], 'arrayFilters');
      const multi = stmt['multi'] === true;
      if (
        multi &&
        !Array.isArray(u) &&
        !Object.keys(u).some((k) => k.startsWith('$')) &&
        Object.keys(u).length > 0
      ) {
        throw new MongoCommandError(
          'FailedToParse',
          'multi update is not supported for replacement-style update',
        );
      }
      const targets: Document[] = [];
      for (const doc of matching(coll, filter, options)) {
        targets.push(doc);
        if (!multi) break;
      }
      const updateOptions = { arrayFilters, variables, collation: options.collation };
      const results = applyUpdates(targets, u, { ...updateOptions, filter });
      targets.forEach((doc, i) => {
        const result = results[i] as UpdateResult;
        n += 1;
        if (result.modified) {
          coll?.replace(doc, result.doc, writeChecksOf(cmd));
          nModified += 1;
        }
      });
      if (targets.length === 0 && stmt['upsert'] === true) {
        const doc = buildUpsertDocument(filter, u, updateOptions);
        coll ??= ctx.engine.ensureCollection(db, name).coll;
        assertUpsertSize(doc);
        coll.insert(doc, writeChecksOf(cmd));
        n += 1;
        upserted.push({ index, _id: doc['_id'] as unknown });
      }
    } catch (err) {
      errors.push(writeError(index, err));
      if (ordered) break;
    }
  }
  const reply: Document = { n, nModified };
  if (upserted.length > 0) reply['upserted'] = upserted;
  return withWriteErrors(reply, errors);
};

export const remove: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'delete');
  const statements = asDocumentArray(cmd['deletes'], 'deletes');
  checkBatch(statements, 'deletes');
  const ordered = cmd['ordered'] !== false;
  const { variables } = queryOptionsOf(cmd, 'delete');
  const coll = ctx.engine.collection(db, name);
  let n = 0;
  const errors: Document[] = [];
  for (const [index, stmt] of statements.entries()) {
    try {
      const filter = asDocument(stmt['q'], 'q') ?? {};
      const limit = asNumber(stmt['limit'], 'limit') ?? 0;
      if (limit !== 0 && limit !== 1)
        throw new MongoCommandError(
          'FailedToParse',
          'The limit field in delete objects must be 0 or 1',
        );
      const targets: Document[] = [];
      for (const doc of matching(coll, filter, statementOptions(variables, stmt))) {
        targets.push(doc);
        if (limit === 1) break;
      }
      for (const doc of targets) coll?.remove(doc);
      n += targets.length;
    } catch (err) {
      errors.push(writeError(index, err));
      if (ordered) break;
    }
  }
  return withWriteErrors({ n }, errors);
};

function firstMatch(iterator: Iterator<Document>): Document | undefined {
  const r = iterator.next();
  return r.done ? undefined : r.value;
}

export const findAndModify: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, Object.keys(cmd)[0] ?? 'findAndModify');
  const filter = asDocument(cmd['query'], 'query') ?? {};
  const sort = asDocument(cmd['sort'], 'sort');
  const fields = asDocument(cmd['fields'], 'fields');
  const remove = cmd['remove'] === true;
  const returnNew = cmd['new'] === true;
  const upsert = cmd['upsert'] === true;
  const arrayFilters =
    cmd['arrayFilters'] === undefined
      ? undefined
      : asDocumentArray(cmd['arrayFilters'], 'arrayFilters');
  if (remove && (cmd['update'] !== undefined || upsert || returnNew)) {
    throw new MongoCommandError('FailedToParse', 'Cannot specify both an update and remove=true');
  }
  if (!remove && cmd['update'] === undefined) {
    throw new MongoCommandError(
      'FailedToParse',
      'Either an update or remove=true must be specified',
    );
  }
  const options = queryOptionsOf(cmd, 'findAndModify');
  const u = remove ? undefined : updateSpec(cmd['update'], options.variables);
  const existing = ctx.engine.collection(db, name);
  const found = firstMatch(findIterator(existing, { filter, sort, limit: 1 }, options));
  if (u === undefined) {
    if (found && existing) existing.remove(found);
    return {
      lastErrorObject: { n: found ? 1 : 0 },
      value: found ? project(found, fields) : null,
      ok: 1,
    };
  }
  if (found && existing) {
    const result = applyUpdate(found, u, { ...options, filter, arrayFilters });
    if (result.modified) existing.replace(found, result.doc, writeChecksOf(cmd));
    const value = returnNew ? result.doc : found;
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: project(value, fields),
      ok: 1,
    };
  }
  if (!upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  const doc = buildUpsertDocument(filter, u, { ...options, arrayFilters });
  assertUpsertSize(doc);
  ctx.engine.ensureCollection(db, name).coll.insert(doc, writeChecksOf(cmd));
  return {
    lastErrorObject: { n: 1, updatedExisting: false, upserted: doc['_id'] as unknown },
    value: returnNew ? project(doc, fields) : null,
    ok: 1,
  };
};
