import type { Document } from 'bson';
import { Query } from 'mingo/query';
import { Aggregator } from 'mingo/aggregator';
import type { Options } from 'mingo/types';
import { cloneValue, isPlainObject } from '../bson.js';
import { projector } from './projection.js';
import { sortDocuments } from './sort.js';
import type { Collection } from './collection.js';
import type { Engine } from './engine.js';
import { resolveView } from './views.js';
import { QUERY_OPTIONS } from './mingo-options.js';
import { PIPELINE_OPTIONS } from './pipeline-options.js';
import { filterError } from './filter-errors.js';
import { checkVariablesDefined, filterExpressions } from './let-variables.js';
import type { Collation } from '../values/collation.js';
import { checkStages } from './aggregation/stages.js';
import { writeStageOf } from './aggregation/write-stages.js';

export interface FindSpec {
  filter: Document;
  sort?: Document | undefined;
  projection?: Document | undefined;
  skip?: number | undefined;
  limit?: number | undefined;
}

/** What a command adds to its filter, sort and pipeline: its `let` variables and its collation. */
export interface QueryOptions {
  variables?: Document | undefined;
  collation?: Collation | undefined;
  /** An aggregate's `bypassDocumentValidation`, for the documents `$out` and `$merge` write. */
  bypassDocumentValidation?: boolean | undefined;
}

/** The query engine's options with a command's variables and collation added. */
export function withQueryOptions(
  base: Partial<Options>,
  options: QueryOptions | undefined,
): Partial<Options> {
  if (!options?.variables && !options?.collation) return base;
  return {
    ...base,
    ...(options.variables ? { variables: options.variables } : {}),
    ...(options.collation ? { collation: options.collation.spec as Options['collation'] } : {}),
  };
}

/** Compiles a filter, refusing it with MongoDB's error (unknown operator, undefined variable). */
export function compileFilter(filter: Document, options?: QueryOptions): Query {
  for (const expr of filterExpressions(filter)) checkVariablesDefined(expr, options?.variables);
  try {
    return new Query(filter, withQueryOptions(QUERY_OPTIONS, options));
  } catch (err) {
    throw filterError(err);
  }
}

function* filtered(source: Iterable<Document>, query: Query): Generator<Document> {
  for (const doc of source) if (query.test(doc)) yield doc;
}

/**
 * Documents of the collection matching the filter, using the _id or a unique index when the
 * filter allows. The filter is checked even when there is no collection, as MongoDB parses it
 * before looking for one.
 */
export function matching(
  coll: Collection | undefined,
  filter: Document,
  options?: QueryOptions,
): Iterable<Document> {
  if (!coll) {
    compileFilter(filter, options);
    return [];
  }
  const found = coll.lookup(filter, options?.collation);
  // An exact index hit needs no query at all, which keeps look-ups by _id cheap.
  if (found?.exact) return found.docs;
  return filtered(found?.docs ?? coll.docs.values(), compileFilter(filter, options));
}

function isEmpty(doc: Document | undefined): boolean {
  return !doc || Object.keys(doc).length === 0;
}

/** Drops $natural: insertion order is the only order documents have here anyway. */
function effectiveSort(sort: Document | undefined): Document | undefined {
  if (!sort) return undefined;
  const out: Document = {};
  for (const [k, v] of Object.entries(sort)) if (k !== '$natural') out[k] = v;
  return isEmpty(out) ? undefined : out;
}

function* paged(
  source: Iterable<Document>,
  skip: number,
  limit: number,
  projector: (doc: Document) => Document,
): Generator<Document> {
  let skipped = 0;
  let taken = 0;
  for (const doc of source) {
    if (skipped < skip) {
      skipped += 1;
      continue;
    }
    if (limit > 0 && taken >= limit) return;
    taken += 1;
    yield projector(doc);
  }
}

/** A lazy iterator over find results; only a sort forces the matches to be materialised. */
export function findIterator(
  coll: Collection | undefined,
  spec: FindSpec,
  options?: QueryOptions,
): Iterator<Document> {
  if (!coll) {
    compileFilter(spec.filter, options);
    return [][Symbol.iterator]();
  }
  const sort = effectiveSort(spec.sort);
  const projector = makeProjector(spec.filter, spec.projection, options);
  const matches = matching(coll, spec.filter, options);
  const source = sort ? sortDocuments(matches, sort, options?.collation?.compare) : matches;
  return paged(source, spec.skip ?? 0, spec.limit ?? 0, projector);
}

/** Builds the find-style projection for one query; the filter is needed for positional (`a.$`) projections. */
export function makeProjector(
  filter: Document,
  projection: Document | undefined,
  options?: QueryOptions,
): (doc: Document) => Document {
  if (!projection || isEmpty(projection)) return (doc) => doc;
  return projector(compileFilter(filter, options), projection);
}

export function project(doc: Document, projection: Document | undefined): Document {
  return makeProjector({}, projection)(doc);
}

/**
 * Stages that only filter, reorder or build new documents. Others ($addFields, $set, $unwind,
 * $lookup, ...) may write into the documents they are given, so those pipelines get copies: the
 * stored documents must never change behind the store's back.
 */
const NON_MUTATING_STAGES = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$count',
  '$group',
  '$project',
  '$sortByCount',
]);

function* copies(source: Iterable<Document>): Generator<Document> {
  for (const doc of source) yield cloneValue(doc);
}

function drain(it: Iterator<Document>): Document[] {
  const out: Document[] = [];
  for (let next = it.next(); !next.done; next = it.next()) out.push(next.value);
  return out;
}

export function aggregationOptions(
  engine: Engine,
  db: string,
  copy: boolean,
  options?: QueryOptions,
): Partial<Options> {
  return {
    ...withQueryOptions(PIPELINE_OPTIONS, options),
    collectionResolver: (name: string) => {
      const coll = engine.collection(db, name);
      // $lookup and $unionWith may name a view: they read what the view yields.
      const view = coll ? undefined : resolveView(engine, db, name);
      const docs = view
        ? drain(aggregateIterator(engine, db, view.coll, view.pipeline, options))
        : [...(coll?.docs.values() ?? [])];
      return copy ? docs.map((d) => cloneValue(d)) : docs;
    },
  };
}

export function aggregateIterator(
  engine: Engine,
  db: string,
  coll: Collection | undefined,
  pipeline: Document[],
  options?: QueryOptions,
): Iterator<Document> {
  checkStages(pipeline);
  const write = writeStageOf(engine, db, pipeline, options);
  if (write) {
    // The whole output is read before anything is written: the target may be the source.
    const output = aggregateIterator(engine, db, coll, pipeline.slice(0, -1), options);
    const docs: Document[] = [];
    for (let next = output.next(); !next.done; next = output.next()) docs.push(next.value);
    write(docs);
    return [][Symbol.iterator]();
  }
  const first = pipeline[0];
  let source: Iterable<Document> = coll ? coll.docs.values() : [];
  let stages = pipeline;
  // A leading $match can use the _id / unique-index lookup instead of feeding every document through.
  if (first && isPlainObject(first['$match'])) {
    source = matching(coll, first['$match'] as Document, options);
    stages = pipeline.slice(1);
  }
  if (stages.length === 0) return source[Symbol.iterator]();
  const copy = !stages.every((stage) => NON_MUTATING_STAGES.has(Object.keys(stage)[0] as string));
  const it = new Aggregator(stages, aggregationOptions(engine, db, copy, options)).stream(
    copy ? copies(source) : source,
  );
  return {
    next: (): IteratorResult<Document> => {
      const r = it.next();
      return r.done
        ? { done: true, value: undefined }
        : { done: false, value: r.value as Document };
    },
  };
}
