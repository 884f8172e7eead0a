import type { Document } from 'bson';
import { valueKey } from '../bson.js';
import { CappedCollection } from '../engine/capped.js';
import type { Collection } from '../engine/collection.js';
import type { IndexSpec } from '../engine/index-spec.js';
import { MongoCommandError } from '../errors.js';
import { isNumeric, isPlainObject } from '../values/types.js';
import { asNumber } from './context.js';
import { wrongType } from './create-options.js';

const INDEX_FIELDS = new Set([
  'name',
  'keyPattern',
  'expireAfterSeconds',
  'hidden',
  'unique',
  'prepareUnique',
  'forceNonUnique',
]);

interface IndexRequest {
  expireAfterSeconds?: number | undefined;
  hidden?: boolean | undefined;
  unique?: boolean | undefined;
  prepareUnique?: boolean | undefined;
  forceNonUnique?: boolean | undefined;
}

function boolOption(index: Document, field: string): boolean | undefined {
  const value: unknown = index[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw wrongType(`collMod.index.${field}`, value, 'bool');
  return value;
}

function parseRequest(index: Document): IndexRequest {
  for (const key of Object.keys(index)) {
    if (!INDEX_FIELDS.has(key)) {
      throw new MongoCommandError(
        'Location40415',
        `BSON field 'collMod.index.${key}' is an unknown field.`,
      );
    }
  }
  const expire: unknown = index['expireAfterSeconds'];
  if (expire !== undefined && !isNumeric(expire)) {
    throw wrongType('collMod.index.expireAfterSeconds', expire, 'long');
  }
  const request: IndexRequest = {
    expireAfterSeconds: expire === undefined ? undefined : asNumber(expire, 'expireAfterSeconds'),
    hidden: boolOption(index, 'hidden'),
    unique: boolOption(index, 'unique'),
    prepareUnique: boolOption(index, 'prepareUnique'),
    forceNonUnique: boolOption(index, 'forceNonUnique'),
  };
  if (Object.values(request).every((v) => v === undefined)) {
    throw new MongoCommandError(
      'InvalidOptions',
      'no expireAfterSeconds, hidden, unique, or prepareUnique field',
    );
  }
  if (request.unique !== undefined && request.forceNonUnique !== undefined) {
    throw new MongoCommandError(
      'InvalidOptions',
      "collMod does not support 'unique' and 'forceNonUnique' options at the same time",
    );
  }
  return request;
}

function formatKey(key: Document): string {
  return `{ ${Object.entries(key)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ')} }`;
}

function findIndex(index: Document, coll: Collection): IndexSpec {
  const name: unknown = index['name'];
  const keyPattern: unknown = index['keyPattern'];
  if (name !== undefined && keyPattern !== undefined) {
    throw new MongoCommandError('InvalidOptions', 'Cannot specify both key pattern and name.');
  }
  if (typeof name === 'string') {
    const found = coll.indexes.find((i) => i.name === name);
    if (!found) {
      throw new MongoCommandError('IndexNotFound', `cannot find index ${name} for ns ${coll.ns}`);
    }
    return found;
  }
  if (!isPlainObject(keyPattern)) {
    throw new MongoCommandError('InvalidOptions', 'Must specify either index name or key pattern.');
  }
  const found = coll.indexes.filter((i) => valueKey(i.key) === valueKey(keyPattern));
  if (found.length > 1) {
    throw new MongoCommandError(
      'AmbiguousIndexKeyPattern',
      `index keyPattern ${formatKey(keyPattern)} matches ${found.length} indexes, must use index name.`,
    );
  }
  const spec = found[0];
  if (!spec) {
    throw new MongoCommandError(
      'IndexNotFound',
      `cannot find index ${formatKey(keyPattern)} for ns ${coll.ns}`,
    );
  }
  return spec;
}

function checkRequest(request: IndexRequest, spec: IndexSpec, coll: Collection): void {
  if (request.expireAfterSeconds !== undefined) {
    if (request.expireAfterSeconds < 0) {
      throw new MongoCommandError(
        'InvalidOptions',
        "TTL index 'expireAfterSeconds' option cannot be less than 0",
      );
    }
    if (request.expireAfterSeconds > 2147483647) {
      throw new MongoCommandError(
        'InvalidOptions',
        "TTL index 'expireAfterSeconds' option must be within an acceptable range, try a lower number",
      );
    }
    if (coll instanceof CappedCollection) {
      throw new MongoCommandError(
        'InvalidOptions',
        'TTL indexes are not supported for capped collections.',
      );
    }
    if (spec.expireAfterSeconds === undefined) {
      if (spec.name === '_id_') {
        throw new MongoCommandError('InvalidOptions', 'the _id field does not support TTL indexes');
      }
      if (Object.keys(spec.key).length !== 1) {
        throw new MongoCommandError(
          'InvalidOptions',
          'TTL indexes are single-field indexes, compound indexes do not support TTL',
        );
      }
    }
  }
  if (request.unique === false)
    throw new MongoCommandError('BadValue', 'Cannot make index non-unique');
  if (request.unique && !spec.unique && !spec.prepareUnique) {
    throw new MongoCommandError(
      'InvalidOptions',
      "Cannot make index unique with 'prepareUnique=false'. Run collMod to set it first.",
    );
  }
  if (request.hidden !== undefined && spec.name === '_id_') {
    throw new MongoCommandError('BadValue', "can't hide _id index");
  }
  if (request.forceNonUnique === false) {
    throw new MongoCommandError('BadValue', "'forceNonUnique: false' is not supported");
  }
}

function checkDryRun(request: IndexRequest | undefined, modifications: number): void {
  if (!request) {
    throw new MongoCommandError(
      'InvalidOptions',
      'dry run mode requires an valid index modification.',
    );
  }
  if (request.unique !== true) {
    throw new MongoCommandError(
      'InvalidOptions',
      'dry run mode requires an index modification with unique: true.',
    );
  }
  if (modifications > 1) {
    throw new MongoCommandError(
      'InvalidOptions',
      'unique: true cannot be combined with any other modification in dry run mode.',
    );
  }
}

/** Refuses converting an index whose documents already share keys, listing them as MongoDB does. */
function checkNoDuplicates(spec: IndexSpec, coll: Collection): void {
  const groups = coll.duplicatesOf(spec);
  if (groups.length === 0) return;
  throw new MongoCommandError(
    'CannotConvertIndexToUnique',
    'Cannot convert the index to unique. Please resolve conflicting documents before running collMod again.',
    { violations: groups.map((ids) => ({ ids })) },
  );
}

/** Applies collMod's `index` part; returns the `*_old` / `*_new` fields MongoDB replies with. */
export function modifyIndex(
  cmd: Document,
  coll: Collection,
  dryRun: boolean,
  otherModifications: number,
): Document {
  const raw: unknown = cmd['index'];
  if (raw === undefined) {
    if (dryRun) checkDryRun(undefined, 0);
    return {};
  }
  if (!isPlainObject(raw)) throw wrongType('collMod.index', raw, 'object');
  const request = parseRequest(raw);
  const spec = findIndex(raw, coll);
  checkRequest(request, spec, coll);
  const modifications =
    Object.values(request).filter((v) => v !== undefined).length + otherModifications;
  if (dryRun) {
    checkDryRun(request, modifications);
    if (!spec.unique) checkNoDuplicates(spec, coll);
    return {};
  }
  const changesPrepare =
    request.prepareUnique !== undefined &&
    Boolean(spec.prepareUnique) !== request.prepareUnique &&
    !spec.unique;
  if (changesPrepare && modifications > 1) {
    throw new MongoCommandError(
      'InvalidOptions',
      'prepareUnique cannot be combined with any other modification.',
    );
  }
  if (request.unique && !spec.unique) checkNoDuplicates(spec, coll);
  const reply: Document = {};
  if (request.expireAfterSeconds !== undefined) {
    reply['expireAfterSeconds_old'] = spec.expireAfterSeconds;
    reply['expireAfterSeconds_new'] = request.expireAfterSeconds;
    spec.expireAfterSeconds = request.expireAfterSeconds;
  }
  if (request.hidden !== undefined && Boolean(spec.hidden) !== request.hidden) {
    reply['hidden_old'] = Boolean(spec.hidden);
    reply['hidden_new'] = request.hidden;
    spec.hidden = request.hidden;
  }
  if (changesPrepare && request.prepareUnique !== undefined) {
    reply['prepareUnique_old'] = Boolean(spec.prepareUnique);
    reply['prepareUnique_new'] = request.prepareUnique;
    spec.prepareUnique = request.prepareUnique;
    coll.prepareUnique(spec, request.prepareUnique);
  }
  if (request.unique && !spec.unique) {
    spec.unique = true;
    delete spec.prepareUnique;
    coll.setUnique(spec, true);
    reply['unique_new'] = true;
  }
  if (request.forceNonUnique && spec.unique) {
    delete spec.unique;
    coll.setUnique(spec, false);
    reply['forceNonUnique_new'] = true;
  }
  coll.persistMeta();
  return reply;
}
