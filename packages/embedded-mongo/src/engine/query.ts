import type { Document } from 'bson';
import { Query } from 'mingo/query';
import { Aggregator } from 'mingo/aggregator';
import type { Options } from 'mingo/types';
import { cloneValue, isPlainObject } from '../bson.js';
import { projector, topLevelProjector } from './projection.js';
import { parseSort, sortDocuments } from './sort.js';
import { lookupStage, naturalScan, planIndexed, type Plan } from './planner.js';
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
import { countPipeline } from './count-pipeline.js';

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
  /** A `{ $natural: 1 | -1 }` hint: read by a collection scan in that direction. */
  natural?: 1 | -1 | undefined;
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
 * How the query reads the collection: through `_id` or a unique index when the filter pins
 * one (no planning at all, which keeps look-ups by `_id` cheap), else through the best ordered
 * index the filter or sort can use, else a collection scan.
 */
export function planQuery(
  coll: Collection,
  filter: Document,
  options?: QueryOptions,
  sort?: Document,
  limit = 0,
): Plan {
  if (options?.natural)
    return naturalScan(coll, compileFilter(filter, options), filter, options.natural);
  const found = coll.lookup(filter, options?.collation);
  if (found) {
    const read = found.docs.length;
    return {
      docs: found.exact ? found.docs : filtered(found.docs, compileFilter(filter, options)),
      // At most one document is in every order.
      sorted: read <= 1,
      explain: () => ({
        stage: lookupStage(found.index, found.values, filter, found.exact),
        rejected: [],
      }),
      stats: { keysExamined: read, docsExamined: read },
    };
  }
  const query = compileFilter(filter, options);
  const fields = sort ? parseSort(sort) : undefined;
  return planIndexed(coll, filter, query, fields, limit, options?.collation);
}

/**
 * Documents of the collection matching the filter. The filter is checked even when there is no
 * collection, as MongoDB parses it before looking for one.
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
  return planQuery(coll, filter, options).docs;
}

/** How many documents match; the empty filter is the collection's size, whatever that size is. */
export function countMatching(coll: Collection, filter: Document, options?: QueryOptions): number {
  if (Object.keys(filter).length === 0) return coll.docs.size;
  let n = 0;
  for (const _doc of matching(coll, filter, options)) n += 1;
  return n;
}

function isEmpty(doc: Document | undefined): boolean {
  return !doc || Object.keys(doc).length === 0;
}

/** Drops $natural: insertion order is the only order documents have here anyway. */
export function effectiveSort(sort: Document | undefined): Document | undefined {
  if (!sort) return undefined;
  const out: Document = {};
  for (const [k, v] of Object.entries(sort)) if (k !== '$natural') out[k] = v;
  return isEmpty(out) ? undefined : out;
}

export function* paged(
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
  const skip = spec.skip ?? 0;
  const limit = spec.limit ?? 0;
  const plan = planQuery(coll, spec.filter, options, sort, limit > 0 ? limit + skip : 0);
  const source =
    sort && !plan.sorted ? sortDocuments(plan.docs, sort, options?.collation?.compare) : plan.docs;
  return paged(source, skip, limit, projector);
}

/** Builds the find-style projection for one query; the filter is needed for positional (`a.$`) projections. */
export function makeProjector(
  filter: Document,
  projection: Document | undefined,
  options?: QueryOptions,
): (doc: Document) => Document {
  if (!projection || isEmpty(projection)) return (doc) => doc;
  return topLevelProjector(projection) ?? projector(compileFilter(filter, options), projection);
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

/** A `$sort` stage's specification when it is plain ascending and descending fields (no `$meta`). */
function plainSort(stage: Document): Document | undefined {
  const spec: unknown = stage['$sort'];
  if (!isPlainObject(spec) || Object.keys(stage).length !== 1) return undefined;
  const fields = Object.entries(spec);
  const plain =
    fields.length > 0 && fields.every(([k, v]) => !k.startsWith('$') && (v === 1 || v === -1));
  return plain ? spec : undefined;
}

/**
 * A leading `$match` (and a `$sort` after it, or a leading `$sort`) planned like a find, so it can
 * use an index instead of feeding every document through the stages. `used` is how many stages
 * the plan answers; undefined when it answers none.
 */
export function leadingPlan(
  coll: Collection,
  pipeline: Document[],
  options?: QueryOptions,
): { plan: Plan; used: number } | undefined {
  const first = pipeline[0];
  if (!first) return undefined;
  const match = isPlainObject(first['$match']) ? (first['$match'] as Document) : undefined;
  const sortStage = pipeline[match ? 1 : 0];
  const sort = sortStage ? plainSort(sortStage) : undefined;
  if (!match && !sort) return undefined;
  const plan = planQuery(coll, match ?? {}, options, sort);
  const used = (match ? 1 : 0) + (sort && plan.sorted ? 1 : 0);
  return used > 0 ? { plan, used } : undefined;
}

export function aggregateIterator(
  engine: Engine,
  db: string,
  coll: Collection | undefined,
  pipeline: Document[],
  options?: QueryOptions,
): Iterator<Document> {
  checkStages(pipeline);
  const counted = coll ? countPipeline(pipeline) : undefined;
  if (coll && counted) {
    let n = Math.max(0, countMatching(coll, counted.filter, options) - counted.skip);
    if (counted.limit > 0) n = Math.min(n, counted.limit);
    // $group over no documents yields none, so an empty count is an empty result.
    return (n > 0 ? [{ _id: 1, n }] : [])[Symbol.iterator]();
  }
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
  const leading = coll ? leadingPlan(coll, pipeline, options) : undefined;
  if (leading) {
    source = leading.plan.docs;
    stages = pipeline.slice(leading.used);
  } else if (first && isPlainObject(first['$match'])) {
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
