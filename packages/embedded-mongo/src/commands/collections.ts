import type { Document } from 'bson';
import { validateCollectionName, validateDbName } from '../engine/engine.js';
import { ID_INDEX, indexToDocument } from '../engine/index-spec.js';
import { compileFilter } from '../engine/query.js';
import { createView, dropView, viewDefinition, viewsOf } from '../engine/views.js';
import { MongoCommandError } from '../errors.js';
import { asDocument, collectionName, type CommandHandler } from './context.js';
import { parseCreate } from './create-options.js';

function collectionEntry(name: string, options: Document, nameOnly: boolean): Document {
  if (nameOnly) return { name, type: 'collection' };
  const entry: Document = { name, type: 'collection', options, info: { readOnly: false } };
  // A clustered collection has no separate _id index.
  if (options['clusteredIndex'] === undefined) entry['idIndex'] = indexToDocument(ID_INDEX);
  return entry;
}

/** Collections first, then views, as MongoDB lists them. */
export const listCollections: CommandHandler = (cmd, db, ctx) => {
  const nameOnly = cmd['nameOnly'] === true;
  const filter = asDocument(cmd['filter'], 'filter');
  let entries: Document[] = ctx.engine
    .collections(db)
    .map((coll) => collectionEntry(coll.name, coll.options, nameOnly));
  for (const view of viewsOf(ctx.engine, db)) {
    entries.push(
      nameOnly
        ? { name: view.name, type: 'view' }
        : {
            name: view.name,
            type: 'view',
            options: { viewOn: view.viewOn, pipeline: view.pipeline },
            info: { readOnly: true },
          },
    );
  }
  if (filter) {
    const query = compileFilter(filter);
    entries = entries.filter((e) => query.test(e));
  }
  return ctx.cursors.open(`${db}.$cmd.listCollections`, entries[Symbol.iterator](), {});
};

export const create: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'create');
  validateDbName(db);
  validateCollectionName(name);
  const request = parseCreate(cmd);
  if (ctx.engine.collection(db, name)) {
    throw new MongoCommandError('NamespaceExists', `Collection ${db}.${name} already exists.`);
  }
  if (viewDefinition(ctx.engine, db, name)) {
    throw new MongoCommandError('NamespaceExists', `A view already exists. NS: ${db}.${name}`);
  }
  if (request.kind === 'view') {
    createView(ctx.engine, db, { name, viewOn: request.viewOn, pipeline: request.pipeline });
  } else {
    ctx.engine.ensureCollection(db, name, request.options);
  }
  return { ok: 1 };
};

export const drop: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'drop');
  if (dropView(ctx.engine, db, name)) return { ok: 1 };
  const coll = ctx.engine.collection(db, name);
  const nIndexesWas = coll?.indexes.length;
  ctx.engine.dropCollection(db, name);
  return nIndexesWas === undefined ? { ok: 1 } : { nIndexesWas, ns: `${db}.${name}`, ok: 1 };
};

function splitNamespace(value: unknown, field: string): { db: string; name: string } {
  const dot = typeof value === 'string' ? value.indexOf('.') : -1;
  if (typeof value !== 'string' || dot <= 0 || dot === value.length - 1) {
    throw new MongoCommandError(
      'InvalidNamespace',
      `Invalid namespace specified for '${field}': ${String(value)}`,
    );
  }
  return { db: value.slice(0, dot), name: value.slice(dot + 1) };
}

export const renameCollection: CommandHandler = (cmd, db, ctx) => {
  if (db !== 'admin') {
    throw new MongoCommandError(
      'Unauthorized',
      'renameCollection may only be run against the admin database.',
    );
  }
  const from = splitNamespace(cmd['renameCollection'], 'renameCollection');
  const to = splitNamespace(cmd['to'], 'to');
  const source = ctx.engine.collection(from.db, from.name);
  if (!source) {
    if (viewDefinition(ctx.engine, from.db, from.name)) {
      throw new MongoCommandError(
        'CommandNotSupportedOnView',
        `cannot rename view: ${from.db}.${from.name}`,
      );
    }
    throw new MongoCommandError('NamespaceNotFound', 'Source collection does not exist');
  }
  if (from.db === to.db && from.name === to.name) {
    throw new MongoCommandError('IllegalOperation', "Can't rename a collection to itself");
  }
  if (viewDefinition(ctx.engine, to.db, to.name)) {
    throw new MongoCommandError(
      'NamespaceExists',
      `a view already exists with that name: ${to.db}.${to.name}`,
    );
  }
  if (ctx.engine.collection(to.db, to.name)) {
    if (cmd['dropTarget'] !== true)
      throw new MongoCommandError('NamespaceExists', 'target namespace exists');
    ctx.engine.dropCollection(to.db, to.name);
  }
  ctx.engine.renameCollection(source, to.db, to.name);
  return { ok: 1 };
};
