import { BSON, type Document } from 'bson';
import { Aggregator } from 'mingo';
import { updateMany } from 'mingo/updater';
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

export interface UpdateOptions {
  filter: Document;
  arrayFilters?: Document[] | undefined;
  /** The document is being built for an upsert: the one case where $setOnInsert applies. */
  insert?: boolean;
}

/** Applies an update (operators, replacement or pipeline) to a copy of `doc`. */
export function applyUpdate(doc: Document, u: UpdateSpec, opts: UpdateOptions): UpdateResult {
  return applyUpdates([doc], u, opts)[0] as UpdateResult;
}

function replaceWith(doc: Document, u: Document): UpdateResult {
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

/** Validates an operator update and folds $setOnInsert into $set when inserting. */
function buildModifier(u: Document, insert: boolean): Document {
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
    if (op === '$set' || op === '$setOnInsert') {
      // The query engine has no $setOnInsert; on the insert path of an upsert it is a $set.
      if (op === '$setOnInsert' && !insert) continue;
      const merged = (modifier['$set'] as Document | undefined) ?? {};
      for (const [k, v] of Object.entries(fields)) merged[k] = v;
      copyTypes(fields, merged);
      if (Object.keys(merged).length > 0) modifier['$set'] = merged;
      continue;
    }
    if (Object.keys(fields).length === 0) continue;
    modifier[op] = fields;
  }
  return modifier;
}

/** Refuses changes to _id; `$set` of the value it already has is allowed and dropped. */
function withoutIdChange(modifier: Document, doc: Document): Document {
  let out = modifier;
  for (const [op, fields] of Object.entries(modifier)) {
    const paths = Object.keys(fields as Document).filter(
      (p) => p === '_id' || p.startsWith('_id.'),
    );
    if (paths.length === 0) continue;
    const set = fields as Document;
    if (
      op === '$set' &&
      paths.length === 1 &&
      paths[0] === '_id' &&
      valueKey(set['_id']) === valueKey(doc['_id'])
    ) {
      const rest: Document = {};
      for (const [k, v] of Object.entries(set)) if (k !== '_id') rest[k] = v;
      copyTypes(set, rest);
      out = { ...out };
      if (Object.keys(rest).length > 0) out['$set'] = rest;
      else delete out['$set'];
      continue;
    }
    throw new MongoCommandError(
      'ImmutableField',
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }
  return out;
}

/**
 * Applies one update to copies of several documents. The query engine's setup cost is paid once
 * per call rather than once per document, which matters for multi-document updates.
 */
export function applyUpdates(docs: Document[], u: UpdateSpec, opts: UpdateOptions): UpdateResult[] {
  if (docs.length === 0) return [];
  if (Array.isArray(u)) {
    const results = new Aggregator(u, QUERY_OPTIONS).run(
      docs.map((d) => cloneValue(d)),
    ) as Document[];
    return docs.map((doc, i) => {
      const result = results[i];
      if (!result) throw new MongoCommandError('BadValue', 'update pipeline produced no document');
      carryTypes(doc, result);
      const next = withIdFirst(result);
      if (!opts.insert) assertIdUnchanged(doc, next);
      return { doc: next, modified: !sameDocument(doc, next) };
    });
  }
  if (!isOperatorUpdate(u)) return docs.map((doc) => replaceWith(doc, u));
  const base = buildModifier(u, opts.insert === true);
  const modifiers = docs.map((doc) => (opts.insert ? base : withoutIdChange(base, doc)));
  const clones = docs.map((doc) => cloneValue(doc));
  const renames = docs.map((doc, i) => {
    const rename: unknown = (modifiers[i] as Document)['$rename'];
    return isPlainObject(rename)
      ? Object.entries(rename).map(([from, to]) => ({
          from,
          to: String(to),
          type: typeAtPath(doc, from),
        }))
      : [];
  });
  // Values from the update are stored as sent ('none' cloning), keeping their BSON type notes;
  // sharing them between documents is safe because stored documents are never edited in place.
  // Documents sharing the common modifier are updated in one pass; the rare one whose modifier
  // had a no-op `_id` dropped goes on its own.
  const groups = new Map<Document, Document[]>();
  modifiers.forEach((modifier, i) => {
    const group = groups.get(modifier) ?? [];
    group.push(clones[i] as Document);
    groups.set(modifier, group);
  });
  for (const [modifier, group] of groups) {
    if (Object.keys(modifier).length === 0) continue;
    updateMany(
      group,
      positional(modifier) ? opts.filter : {},
      modifier,
      { arrayFilters: opts.arrayFilters, cloneMode: 'none' },
      UPDATE_QUERY_OPTIONS,
    );
  }
  return docs.map((doc, i) => {
    const next = clones[i] as Document;
    noteAssignedTypes(next, modifiers[i] as Document, renames[i] ?? []);
    if (!opts.insert) assertIdUnchanged(doc, next);
    return { doc: opts.insert ? withIdFirst(next) : next, modified: !sameDocument(doc, next) };
  });
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
  // Arithmetic widens as in MongoDB: int32 < int64 < double, the wider of field and operand wins.
  for (const op of ['$inc', '$mul']) {
    const fields: unknown = modifier[op];
    if (!isPlainObject(fields)) continue;
    const operandTypes = typesOf(fields);
    for (const path of Object.keys(fields)) {
      const operand = operandTypes?.[path];
      if (!operand) continue;
      const current = typeAtPath(doc, path);
      if (current === 'double' || (current === 'long' && operand === 'long')) continue;
      setTypeAtPath(doc, path, operand);
    }
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
