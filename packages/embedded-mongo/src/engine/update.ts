import { BSON, type Document } from 'bson';
import { Aggregator } from 'mingo';
import { update as applyOperators } from 'mingo/updater';
import { setValue } from 'mingo/util';
import {
  carryTypes,
  cloneValue,
  copyTypes,
  isPlainObject,
  setTypeAtPath,
  typeAtPath,
  typesOf,
  type NumberType,
  valueKey,
} from '../bson.js';
import { MongoCommandError } from '../errors.js';
import { validateId, withIdFirst } from './collection.js';
import { QUERY_OPTIONS } from './mingo-options.js';

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$currentDate',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$bit',
  '$setOnInsert',
]);

export type UpdateSpec = Document | Document[];

// The updater registers the query operators it needs itself; passing no operator context spares
// it copying every operator table on each call.
const UPDATE_QUERY_OPTIONS = { idKey: '_id', useStrictMode: true, scriptEnabled: false };

/** The filter is only needed to resolve the positional `$` operator. */
function positional(modifier: Document): boolean {
  return Object.values(modifier).some(
    (fields) =>
      isPlainObject(fields) && Object.keys(fields).some((path) => /(^|\.)\$(\.|$)/.test(path)),
  );
}

export interface UpdateResult {
  doc: Document;
  modified: boolean;
}

function isOperatorUpdate(u: Document): boolean {
  const keys = Object.keys(u);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length > 0 && ops.length !== keys.length) {
    throw new MongoCommandError(
      'FailedToParse',
      `Unknown modifier: ${keys.find((k) => !k.startsWith('$')) ?? ''}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  return ops.length > 0;
}

function sameDocument(a: Document, b: Document): boolean {
  return Buffer.from(BSON.serialize(a)).equals(BSON.serialize(b));
}

function assertIdUnchanged(before: Document, after: Document): void {
  if (valueKey(before['_id']) !== valueKey(after['_id'])) {
    throw new MongoCommandError(
      'ImmutableField',
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }
}

/**
 * Applies an update (operators, replacement or pipeline) to a copy of `doc`. `insert` marks the
 * document being built for an upsert, the one case where $setOnInsert applies.
 */
export function applyUpdate(
  doc: Document,
  u: UpdateSpec,
  opts: { filter: Document; arrayFilters?: Document[] | undefined; insert?: boolean },
): UpdateResult {
  if (Array.isArray(u)) {
    const [result] = new Aggregator(u, QUERY_OPTIONS).run([cloneValue(doc)]) as Document[];
    if (!result) throw new MongoCommandError('BadValue', 'update pipeline produced no document');
    carryTypes(doc, result);
    const next = withIdFirst(result);
    if (!opts.insert) assertIdUnchanged(doc, next);
    return { doc: next, modified: !sameDocument(doc, next) };
  }
  if (!isOperatorUpdate(u)) {
    if (
      u['_id'] !== undefined &&
      doc['_id'] !== undefined &&
      valueKey(u['_id']) !== valueKey(doc['_id'])
    ) {
      throw new MongoCommandError(
        'ImmutableField',
        "After applying the update, the (immutable) field '_id' was found to have been altered",
      );
    }
    const next: Document = doc['_id'] === undefined ? {} : { _id: doc['_id'] as unknown };
    for (const [k, v] of Object.entries(u)) next[k] = v;
    copyTypes(u, next);
    return { doc: withIdFirst(next), modified: !sameDocument(doc, next) };
  }
  const modifier: Document = {};
  for (const [op, fields] of Object.entries(u)) {
    if (!UPDATE_OPERATORS.has(op))
      throw new MongoCommandError(
        'FailedToParse',
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    if (!isPlainObject(fields))
      throw new MongoCommandError(
        'FailedToParse',
        `Modifiers operate on fields but we found type ${typeof fields} instead.`,
      );
    if (
      !opts.insert &&
      Object.keys(fields).some((path) => path === '_id' || path.startsWith('_id.'))
    ) {
      if (
        op !== '$setOnInsert' &&
        !(op === '$set' && valueKey(fields['_id']) === valueKey(doc['_id']))
      ) {
        throw new MongoCommandError(
          'ImmutableField',
          "Performing an update on the path '_id' would modify the immutable field '_id'",
        );
      }
    }
    if (op === '$set' || op === '$setOnInsert') {
      // The query engine has no $setOnInsert; on the insert path of an upsert it is a $set.
      if (op === '$setOnInsert' && !opts.insert) continue;
      const merged = (modifier['$set'] as Document | undefined) ?? {};
      for (const [k, v] of Object.entries(fields)) if (opts.insert || k !== '_id') merged[k] = v;
      copyTypes(fields, merged);
      if (Object.keys(merged).length > 0) modifier['$set'] = merged;
      continue;
    }
    if (Object.keys(fields).length === 0) continue;
    modifier[op] = fields;
  }
  const next = cloneValue(doc);
  const rename: unknown = modifier['$rename'];
  const renamed = isPlainObject(rename)
    ? Object.entries(rename).map(([from, to]) => ({
        from,
        to: String(to),
        type: typeAtPath(doc, from),
      }))
    : [];
  const changed =
    Object.keys(modifier).length === 0
      ? []
      : applyOperators(
          next,
          modifier,
          opts.arrayFilters,
          positional(modifier) ? opts.filter : undefined,
          {
            cloneMode: 'deep',
            queryOptions: UPDATE_QUERY_OPTIONS,
          },
        );
  noteAssignedTypes(next, modifier, renamed);
  if (!opts.insert) assertIdUnchanged(doc, next);
  return { doc: opts.insert ? withIdFirst(next) : next, modified: changed.length > 0 };
}

/**
 * Assigned values take the BSON type they were sent with, not the one the field had before;
 * arithmetic operators ($inc, $mul, ...) keep the field's type, as MongoDB does for int64.
 */
function noteAssignedTypes(
  doc: Document,
  modifier: Document,
  renamed: Array<{ from: string; to: string; type: NumberType | undefined }>,
): void {
  const set: unknown = modifier['$set'];
  if (isPlainObject(set)) {
    const types = typesOf(set);
    for (const path of Object.keys(set)) setTypeAtPath(doc, path, types?.[path]);
  }
  const unset: unknown = modifier['$unset'];
  if (isPlainObject(unset))
    for (const path of Object.keys(unset)) setTypeAtPath(doc, path, undefined);
  for (const { from, to, type } of renamed) {
    setTypeAtPath(doc, from, undefined);
    setTypeAtPath(doc, to, type);
  }
}

/** Equality fields of a filter become the starting document of an upsert, as in MongoDB. */
function seedFromFilter(filter: Document, target: Document): void {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition) if (isPlainObject(part)) seedFromFilter(part, target);
      continue;
    }
    if (key.startsWith('$')) continue;
    if (isPlainObject(condition)) {
      const keys = Object.keys(condition);
      if (keys.length > 0 && keys.every((k) => k.startsWith('$'))) {
        if ('$eq' in condition) {
          setValue(target, key, cloneValue(condition['$eq']));
          setTypeAtPath(target, key, typesOf(condition)?.['$eq']);
        }
        continue;
      }
    }
    if (condition instanceof RegExp) continue;
    setValue(target, key, cloneValue(condition));
    setTypeAtPath(target, key, typesOf(filter)?.[key]);
  }
}

export function buildUpsertDocument(
  filter: Document,
  u: UpdateSpec,
  arrayFilters?: Document[],
): Document {
  let doc: Document;
  if (!Array.isArray(u) && !isOperatorUpdate(u)) {
    doc = cloneValue(u);
    if (doc['_id'] === undefined) {
      const seed: Document = {};
      seedFromFilter(filter, seed);
      if (seed['_id'] !== undefined) doc['_id'] = seed['_id'] as unknown;
    }
  } else {
    const seed: Document = {};
    seedFromFilter(filter, seed);
    doc = applyUpdate(seed, u, { filter: {}, arrayFilters, insert: true }).doc;
  }
  const out = withIdFirst(doc);
  validateId(out['_id']);
  return out;
}
