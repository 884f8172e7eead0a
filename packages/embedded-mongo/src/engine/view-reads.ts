import type { Document } from 'bson';
import type { Engine } from './engine.js';
import {
  aggregateIterator,
  makeProjector,
  matching,
  type FindSpec,
  type QueryOptions,
} from './query.js';
import { resolveView, type ResolvedView } from './views.js';

/**
 * Reads through a view run as MongoDB runs them: as an aggregation over the collection under the
 * view, its pipeline first, then the read's own stages.
 */
export function viewDocuments(
  engine: Engine,
  db: string,
  view: ResolvedView,
  stages: Document[],
  options?: QueryOptions,
): Iterator<Document> {
  return aggregateIterator(engine, db, view.coll, [...view.pipeline, ...stages], options);
}

function* mapped(source: Iterator<Document>, fn: (doc: Document) => Document): Generator<Document> {
  for (let next = source.next(); !next.done; next = source.next()) yield fn(next.value);
}

/** Natural order is the only order a view's output has, so `$natural` adds nothing to a sort. */
function sortStage(sort: Document | undefined): Document | undefined {
  if (!sort) return undefined;
  const keys = Object.keys(sort).filter((k) => k !== '$natural');
  if (keys.length === 0) return undefined;
  return { $sort: Object.fromEntries(keys.map((k) => [k, sort[k] as unknown])) };
}

/** `find` on a view: filter, sort, skip and limit become stages; the projection keeps find's rules. */
export function findOnView(
  engine: Engine,
  db: string,
  view: ResolvedView,
  spec: FindSpec,
  options?: QueryOptions,
): Iterator<Document> {
  const stages: Document[] = [];
  if (Object.keys(spec.filter).length > 0) stages.push({ $match: spec.filter });
  const sort = sortStage(spec.sort);
  if (sort) stages.push(sort);
  if (spec.skip) stages.push({ $skip: spec.skip });
  if (spec.limit) stages.push({ $limit: spec.limit });
  const docs = viewDocuments(engine, db, view, stages, options);
  if (!spec.projection || Object.keys(spec.projection).length === 0) return docs;
  return mapped(docs, makeProjector(spec.filter, spec.projection, options));
}

/** The documents of a view that match a filter (count, distinct). */
export function viewMatches(
  engine: Engine,
  db: string,
  view: ResolvedView,
  filter: Document,
  options?: QueryOptions,
): Iterable<Document> {
  const stages = Object.keys(filter).length > 0 ? [{ $match: filter }] : [];
  const it = viewDocuments(engine, db, view, stages, options);
  return { [Symbol.iterator]: () => it };
}

/** The documents of a collection, or of a view, that match a filter (count, distinct). */
export function documentsMatching(
  engine: Engine,
  db: string,
  name: string,
  filter: Document,
  options?: QueryOptions,
): Iterable<Document> {
  const coll = engine.collection(db, name);
  const view = coll ? undefined : resolveView(engine, db, name);
  return view ? viewMatches(engine, db, view, filter, options) : matching(coll, filter, options);
}
