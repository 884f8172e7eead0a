import type { Document } from 'bson';
import { isPlainObject, valueKey } from '../bson.js';
import { CappedCollection } from '../engine/capped.js';
import { normalizeIndexSpec, sameIndex } from '../engine/index-spec.js';
import { MongoCommandError } from '../errors.js';
import { asDocumentArray, collectionName, type CommandHandler } from './context.js';

export const createIndexes: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'createIndexes');
  const specs = asDocumentArray(cmd['indexes'], 'indexes').map(normalizeIndexSpec);
  if (specs.length === 0)
    throw new MongoCommandError('BadValue', 'Must specify at least one index to create');
  const { coll, created } = ctx.engine.ensureCollection(db, name);
  if (coll instanceof CappedCollection && specs.some((s) => s.expireAfterSeconds !== undefined)) {
    throw new MongoCommandError(
      'CannotCreateIndex',
      'Cannot create TTL index on a capped collection',
    );
  }
  const before = coll.indexes.length;
  for (const spec of specs) {
    const sameName = coll.indexes.find((i) => i.name === spec.name);
    if (sameName) {
      if (sameIndex(sameName, spec)) continue;
      if (valueKey(sameName.key) === valueKey(spec.key)) {
        throw new MongoCommandError(
          'IndexOptionsConflict',
          `An existing index has the same name as the requested index but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName)}`,
        );
      }
      throw new MongoCommandError(
        'IndexKeySpecsConflict',
        `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName)}`,
      );
    }
    // Indexes on the same key pattern may coexist when their collations differ.
    const sameKey = coll.indexes.find(
      (i) =>
        valueKey(i.key) === valueKey(spec.key) &&
        valueKey(i.collation ?? null) === valueKey(spec.collation ?? null),
    );
    if (sameKey) {
      if (sameIndex(sameKey, spec)) continue;
      throw new MongoCommandError(
        'IndexOptionsConflict',
        `An equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameKey)}`,
      );
    }
    coll.addIndex(spec);
  }
  const reply: Document = {
    numIndexesBefore: before,
    numIndexesAfter: coll.indexes.length,
    createdCollectionAutomatically: created,
  };
  if (before === coll.indexes.length) reply['note'] = 'all indexes already exist';
  reply['ok'] = 1;
  return reply;
};

export const listIndexes: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'listIndexes');
  const coll = ctx.engine.collection(db, name);
  if (!coll) throw new MongoCommandError('NamespaceNotFound', `ns does not exist: ${db}.${name}`);
  return ctx.cursors.open(`${db}.${name}`, coll.listIndexes()[Symbol.iterator](), {});
};

export const dropIndexes: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'dropIndexes');
  const coll = ctx.engine.collection(db, name);
  if (!coll) throw new MongoCommandError('NamespaceNotFound', `ns not found ${db}.${name}`);
  const nIndexesWas = coll.indexes.length;
  const target: unknown = cmd['index'];
  let names: string[];
  if (target === '*') {
    names = coll.indexes.filter((i) => i.name !== '_id_').map((i) => i.name);
  } else if (typeof target === 'string') {
    names = [target];
  } else if (Array.isArray(target) && target.every((t) => typeof t === 'string')) {
    names = target as string[];
  } else if (isPlainObject(target)) {
    const matches = coll.indexes.filter((i) => valueKey(i.key) === valueKey(target));
    const match = matches[0];
    if (!match)
      throw new MongoCommandError(
        'IndexNotFound',
        `can't find index with key: ${JSON.stringify(target)}`,
      );
    if (matches.length > 1)
      throw new MongoCommandError(
        'AmbiguousIndexKeyPattern',
        `index keyPattern ${JSON.stringify(target)} matches ${matches.length} indexes, must use index name.`,
      );
    names = [match.name];
  } else {
    throw new MongoCommandError(
      'TypeMismatch',
      "BSON field 'index' must be a string, array of strings or object",
    );
  }
  for (const indexName of names) {
    if (indexName === '_id_')
      throw new MongoCommandError('InvalidOptions', 'cannot drop _id index');
    if (!coll.indexes.some((i) => i.name === indexName)) {
      throw new MongoCommandError('IndexNotFound', `index not found with name [${indexName}]`);
    }
  }
  for (const indexName of names) coll.dropIndex(indexName);
  return { nIndexesWas, ok: 1 };
};
