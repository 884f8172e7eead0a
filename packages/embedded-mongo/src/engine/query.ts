import type { Document } from 'bson';
import { Query } from 'mingo/query';
import { Aggregator } from 'mingo/aggregator';
import type { Options } from 'mingo/types';
import { cloneValue, isPlainObject } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import { projector } from './projection.js';
import { sortDocuments } from './sort.js';
import type { Collection } from './collection.js';
import type { Engine } from './engine.js';
import { QUERY_OPTIONS } from './mingo-options.js';
import { PIPELINE_OPTIONS } from './pipeline-options.js';

export interface FindSpec {
  filter: Document;
  sort?: Document | undefined;
  projection?: Document | undefined;
  skip?: number | undefined;
  limit?: number | undefined;
}

export function compileFilter(filter: Document): Query {
  return new Query(filter, QUERY_OPTIONS);
}

function* filtered(source: Iterable<Document>, query: Query): Generator<Document> {
  for (const doc of source) if (query.test(doc)) yield doc;
}

/** Documents of the collection matching the filter, using the _id or a unique index when the filter allows. */
export function matching(coll: Collection | undefined, filter: Document): Iterable<Document> {
  if (!coll) return [];
  const found = coll.lookup(filter);
  // An exact index hit needs no query at all, which keeps look-ups by _id cheap.
  if (found?.exact) return found.docs;
  return filtered(found?.docs ?? coll.docs.values(), compileFilter(filter));
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
export function findIterator(coll: Collection | undefined, spec: FindSpec): Iterator<Document> {
  if (!coll) return [][Symbol.iterator]();
  const sort = effectiveSort(spec.sort);
  const projector = makeProjector(spec.filter, spec.projection);
  if (!sort) {
    return paged(matching(coll, spec.filter), spec.skip ?? 0, spec.limit ?? 0, projector);
  }
  const sorted = sortDocuments(matching(coll, spec.filter), sort);
  return paged(sorted, spec.skip ?? 0, spec.limit ?? 0, projector);
}

/** Builds the find-style projection for one query; the filter is needed for positional (`a.$`) projections. */
export function makeProjector(
  filter: Document,
  projection: Document | undefined,
): (doc: Document) => Document {
  if (!projection || isEmpty(projection)) return (doc) => doc;
  return projector(compileFilter(filter), projection);
}

export function project(doc: Document, projection: Document | undefined): Document {
  return makeProjector({}, projection)(doc);
}

const UNSUPPORTED_STAGES = new Set([
  '$out',
  '$merge',
  '$changeStream',
  '$collStats',
  '$indexStats',
  '$currentOp',
  '$listSessions',
  '$planCacheStats',
  '$search',
  '$geoNear',
]);

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

export function aggregationOptions(engine: Engine, db: string, copy: boolean): Partial<Options> {
  return {
    ...PIPELINE_OPTIONS,
    collectionResolver: (name: string) => {
      const docs = [...(engine.collection(db, name)?.docs.values() ?? [])];
      return copy ? docs.map((d) => cloneValue(d)) : docs;
    },
  };
}

export function aggregateIterator(
  engine: Engine,
  db: string,
  coll: Collection | undefined,
  pipeline: Document[],
): Iterator<Document> {
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new MongoCommandError(
        'Location40323',
        'A pipeline stage specification object must contain exactly one field.',
      );
    }
    const name = Object.keys(stage)[0] as string;
    if (name === '$changeStream') {
      throw new MongoCommandError(
        'Location40573',
        'The $changeStream stage is only supported on replica sets',
      );
    }
    if (UNSUPPORTED_STAGES.has(name)) {
      throw new MongoCommandError(
        'CommandNotSupported',
        `${name} is not supported by the embedded server`,
      );
    }
  }
  const first = pipeline[0];
  let source: Iterable<Document> = coll ? coll.docs.values() : [];
  let stages = pipeline;
  // A leading $match can use the _id / unique-index lookup instead of feeding every document through.
  if (coll && first && isPlainObject(first['$match'])) {
    source = matching(coll, first['$match'] as Document);
    stages = pipeline.slice(1);
  }
  if (stages.length === 0) return source[Symbol.iterator]();
  const copy = !stages.every((stage) => NON_MUTATING_STAGES.has(Object.keys(stage)[0] as string));
  const it = new Aggregator(stages, aggregationOptions(engine, db, copy)).stream(
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
