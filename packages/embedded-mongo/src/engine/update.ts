import type { Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { cloneValue, isPlainObject, valueKey } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import { validateId, withIdFirst } from './collection.js';
import type { Collation } from '../values/collation.js';
import { PIPELINE_OPTIONS } from './pipeline-options.js';
import { sameDocument } from './same-document.js';
import { withQueryOptions } from './query.js';
import { FIELD_OPERATORS } from './update-operators.js';
import {
  assertAllFiltersUsed,
  assertNoConflicts,
  compileArrayFilters,
  findTargets,
  parsePath,
  setAt,
  unsetAt,
  valueAt,
  type ArrayFilters,
  type UpdatePath,
} from './update-paths.js';

export type UpdateSpec = Document | Document[];

export interface UpdateResult {
  doc: Document;
  modified: boolean;
}

export interface UpdateOptions {
  filter: Document;
  arrayFilters?: Document[] | undefined;
  /** The document is being built for an upsert: the one case where $setOnInsert applies. */
  insert?: boolean;
  /** The command's `let` variables, for pipeline updates. */
  variables?: Document | undefined;
  /** The statement's collation, for array filters, `$`, the comparing operators and pipelines. */
  collation?: Collation | undefined;
}

const PIPELINE_UPDATE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

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

function immutableIdError(): MongoCommandError {
  return new MongoCommandError(
    'ImmutableField',
    "Performing an update on the path '_id' would modify the immutable field '_id'",
  );
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
  for (const [k, v] of Object.entries(u)) if (k !== '_id' || next['_id'] === undefined) next[k] = v;
  return { doc: withIdFirst(next), modified: !sameDocument(doc, next) };
}

interface Modification {
  operator: string;
  path: UpdatePath;
  operand: unknown;
  /** `$rename`'s destination. */
  to?: UpdatePath;
}

/** Orders paths as MongoDB applies them: field names lexicographically, numeric ones as numbers. */
function comparePaths(a: UpdatePath, b: UpdatePath): number {
  const x = a.text.split('.');
  const y = b.text.split('.');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string;
    const q = y[i] as string;
    if (p === q) continue;
    const numeric = /^\d+$/.test(p) && /^\d+$/.test(q);
    if (numeric) return Number(p) - Number(q);
    return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

function touchesId(path: UpdatePath): boolean {
  const first = path.segments[0];
  return first?.kind === 'field' && first.name === '_id';
}

/** Checks an operator update and lists its modifications in the order they apply. */
function modificationsOf(u: Document, insert: boolean, doc: Document): Modification[] {
  const out: Modification[] = [];
  for (const [operator, fields] of Object.entries(u)) {
    if (operator !== '$rename' && !(operator in FIELD_OPERATORS)) {
      throw new MongoCommandError(
        'FailedToParse',
        `Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(fields)) {
      throw new MongoCommandError(
        'FailedToParse',
        `Modifiers operate on fields but we found type ${Array.isArray(fields) ? 'array' : typeof fields} instead. For example: {$mod: {<field>: ...}} not {${operator}: ${JSON.stringify(fields)}}`,
      );
    }
    if (operator === '$setOnInsert' && !insert) continue;
    for (const [text, operand] of Object.entries(fields)) {
      const path = parsePath(text);
      if (operator === '$rename') {
        if (typeof operand !== 'string') {
          throw new MongoCommandError(
            'BadValue',
            `The 'to' field for $rename must be a string: ${text}: ${JSON.stringify(operand)}`,
          );
        }
        const to = parsePath(operand);
        if (
          path.segments.some((s) => s.kind !== 'field') ||
          to.segments.some((s) => s.kind !== 'field')
        ) {
          throw new MongoCommandError(
            'BadValue',
            'The source field for $rename may not be dynamic',
          );
        }
        if (text === operand) {
          throw new MongoCommandError(
            'BadValue',
            `The source and target field for $rename must differ: ${text}: "${operand}"`,
          );
        }
        out.push({ operator, path, operand, to });
        continue;
      }
      FIELD_OPERATORS[operator]?.check?.(text, operand);
      out.push({ operator, path, operand });
    }
  }
  const paths = out.flatMap((m) => (m.to ? [m.path, m.to] : [m.path]));
  assertNoConflicts(paths);
  if (!insert) {
    for (const m of out) {
      if (!touchesId(m.path) && !(m.to && touchesId(m.to))) continue;
      const unchanged =
        m.operator === '$set' &&
        m.path.text === '_id' &&
        valueKey(m.operand) === valueKey(doc['_id']);
      if (!unchanged) throw immutableIdError();
    }
  }
  return out.sort((a, b) => comparePaths(a.path, b.path));
}

function applyRename(
  doc: Document,
  m: Modification,
  arrayFilters: ArrayFilters,
  filter: Document,
): void {
  const sources = findTargets(m.path, { filter, arrayFilters, create: false, doc });
  const source = sources[0];
  if (source === undefined || valueAt(source) === undefined) return;
  if (Array.isArray(source.parent)) {
    throw new MongoCommandError(
      'BadValue',
      `The source field cannot be an array element, '${m.path.text}' in doc with ${source.path} being an array`,
    );
  }
  const value = valueAt(source);
  unsetAt(source);
  const destinations = findTargets(m.to as UpdatePath, { filter, arrayFilters, create: true, doc });
  for (const destination of destinations) {
    if (Array.isArray(destination.parent)) {
      throw new MongoCommandError(
        'BadValue',
        `The destination field cannot be an array element, '${m.to?.text ?? ''}' in doc with ${destination.path} being an array`,
      );
    }
    setAt(destination, value);
  }
}

/** Applies an operator update to `doc` itself (a copy the caller owns). */
function applyOperators(doc: Document, u: Document, opts: UpdateOptions): void {
  const arrayFilters = compileArrayFilters(opts.arrayFilters, opts.collation);
  for (const m of modificationsOf(u, opts.insert === true, doc)) {
    if (m.operator === '$rename') {
      applyRename(doc, m, arrayFilters, opts.filter);
      continue;
    }
    const operator = FIELD_OPERATORS[m.operator];
    if (!operator) continue;
    const targets = findTargets(m.path, {
      filter: opts.filter,
      arrayFilters,
      create: operator.creates,
      doc,
      collation: opts.collation,
    });
    for (const target of targets) operator.apply(target, m.operand, doc, opts.collation);
  }
  assertAllFiltersUsed(arrayFilters, u);
}

function applyPipeline(docs: Document[], u: Document[], opts: UpdateOptions): UpdateResult[] {
  for (const stage of u) {
    const name = Object.keys(stage)[0] ?? '';
    if (Object.keys(stage).length !== 1 || !PIPELINE_UPDATE_STAGES.has(name)) {
      throw new MongoCommandError(
        'InvalidOptions',
        `${name} is not allowed to be used within an update`,
      );
    }
  }
  const options = withQueryOptions(PIPELINE_OPTIONS, opts);
  const results = new Aggregator(u, options).run(docs.map((d) => cloneValue(d))) as Document[];
  return docs.map((doc, i) => {
    const result = results[i];
    if (!result) throw new MongoCommandError('BadValue', 'update pipeline produced no document');
    // A pipeline may rebuild the whole document ($replaceRoot): the _id stays the one it had.
    if (result['_id'] === undefined && doc['_id'] !== undefined) result['_id'] = doc['_id'];
    const next = withIdFirst(result);
    if (!opts.insert && valueKey(doc['_id']) !== valueKey(next['_id'])) throw immutableIdError();
    return { doc: next, modified: !sameDocument(doc, next) };
  });
}

/** Applies one update (operators, replacement or pipeline) to copies of several documents. */
export function applyUpdates(docs: Document[], u: UpdateSpec, opts: UpdateOptions): UpdateResult[] {
  if (docs.length === 0) return [];
  if (Array.isArray(u)) return applyPipeline(docs, u, opts);
  if (!isOperatorUpdate(u)) return docs.map((doc) => replaceWith(doc, u));
  return docs.map((doc) => {
    const next = cloneValue(doc);
    applyOperators(next, u, opts);
    return { doc: opts.insert ? withIdFirst(next) : next, modified: !sameDocument(doc, next) };
  });
}

export function applyUpdate(doc: Document, u: UpdateSpec, opts: UpdateOptions): UpdateResult {
  return applyUpdates([doc], u, opts)[0] as UpdateResult;
}

function setPath(target: Document, dotted: string, value: unknown): void {
  const names = dotted.split('.');
  let node: Document = target;
  names.forEach((name, i) => {
    if (i === names.length - 1) {
      node[name] = cloneValue(value);
      return;
    }
    const next: unknown = node[name];
    node = isPlainObject(next) ? next : (node[name] = {} as Document);
  });
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
        if ('$eq' in condition) setPath(target, key, condition['$eq']);
        continue;
      }
    }
    if (condition instanceof RegExp) continue;
    setPath(target, key, condition);
  }
}

export function buildUpsertDocument(
  filter: Document,
  u: UpdateSpec,
  opts: Omit<UpdateOptions, 'filter' | 'insert'> = {},
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
    doc = applyUpdate(seed, u, { ...opts, filter: {}, insert: true }).doc;
  }
  const out = withIdFirst(doc);
  validateId(out['_id']);
  return out;
}
