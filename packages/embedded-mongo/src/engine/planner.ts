import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { sameCollation, type Collation } from '../values/collation.js';
import { indexBoundsText } from './bounds-text.js';
import { fetchEntries, ixscanStage, type Candidate } from './ixscan-stage.js';
import { planOr } from './or-plan.js';
import type { Collection } from './collection.js';
import { indexBounds, type IndexBounds } from './index-bounds.js';
import type { SecondaryIndex } from './secondary-index.js';
import type { IndexSpec } from './index-spec.js';
import type { Interval } from './index-bounds.js';
import { isPlainObject } from '../bson.js';
import { compareValues } from '../values/compare.js';

export interface SortField {
  path: string;
  direction: 1 | -1;
}

/** What a scan has read so far, for explain's execution statistics. */
export interface ScanStats {
  keysExamined: number;
  docsExamined: number;
}

/** How a query reads the collection: the documents, whether they come sorted, and explain's view. */
export interface Plan {
  docs: Iterable<Document>;
  /** The documents already come in the order the query asked for. */
  sorted: boolean;
  /** The access stages as explain shows them (COLLSCAN, IDHACK, FETCH over IXSCAN), built on demand. */
  explain: () => { stage: Document; rejected: Document[] };
  stats: ScanStats;
}

/**
 * The direction in which an index yields documents in the sort's order, or undefined. Fields
 * pinned to one value may be skipped; the rest must follow the sort, all in the same or all in
 * the opposite direction. A multikey index orders by one element per key, not by the array, and
 * an index with another collation orders strings differently, so neither gives the order.
 */
function sortDirection(
  index: SecondaryIndex,
  bounds: IndexBounds,
  sort: readonly SortField[],
  collation: Collation | undefined,
): boolean | undefined {
  if (index.multikey || !sameCollation(index.collation, collation)) return undefined;
  let backward: boolean | undefined;
  let s = 0;
  for (let i = 0; i < index.fields.length && s < sort.length; i++) {
    const want = sort[s] as SortField;
    if (want.path === index.fields[i]) {
      const reversed = want.direction !== index.directions[i];
      if (backward !== undefined && backward !== reversed) return undefined;
      backward = reversed;
      s += 1;
    } else if (i >= bounds.pointFields) {
      return undefined;
    }
  }
  return s === sort.length ? (backward ?? false) : undefined;
}

/** The part of the filter an index scan does not answer by itself. */
function residualFilter(filter: Document, answered: ReadonlySet<string>): Document {
  const out: Document = {};
  for (const [field, condition] of Object.entries(filter))
    if (!answered.has(field)) out[field] = condition as unknown;
  return out;
}

function fetchStage(filter: Document, input: Document, answered: ReadonlySet<string>): Document {
  const residual = residualFilter(filter, answered);
  return Object.keys(residual).length > 0
    ? { stage: 'FETCH', filter: residual, inputStage: input }
    : { stage: 'FETCH', inputStage: input };
}

/**
 * The estimated cost of a plan in index entries read: all of its range, or for a plan that
 * yields documents in order with a limit, about as many entries as it takes to find that many
 * matches (assuming the most selective plan's range holds them all).
 */
function costOf(candidate: Candidate, fewest: number, sorted: boolean, limit: number): number {
  if (limit > 0 && sorted && fewest > 0)
    return Math.min(candidate.keys, (limit * candidate.keys) / fewest);
  return candidate.keys;
}

function* scanned(
  coll: Collection,
  candidate: Candidate,
  query: Query | undefined,
  stats: ScanStats,
): Generator<Document> {
  const seen = candidate.index.multikey ? new Set<string>() : undefined;
  const entries = candidate.index.scan(candidate.bounds.ranges, candidate.backward === true);
  yield* fetchEntries(coll, entries, query, stats, seen);
}

function* collectionScan(
  coll: Collection,
  query: Query | undefined,
  stats: ScanStats,
  direction: 1 | -1 = 1,
): Generator<Document> {
  const docs = direction === 1 ? coll.docs.values() : [...coll.docs.values()].reverse();
  for (const doc of docs) {
    stats.docsExamined += 1;
    if (!query || query.test(doc)) yield doc;
  }
}

/** A collection scan in natural order (or its reverse), as a `$natural` hint asks. */
export function naturalScan(
  coll: Collection,
  query: Query | undefined,
  filter: Document,
  direction: 1 | -1,
): Plan {
  const stats: ScanStats = { keysExamined: 0, docsExamined: 0 };
  const stage: Document = {
    stage: 'COLLSCAN',
    direction: direction === 1 ? 'forward' : 'backward',
  };
  if (Object.keys(filter).length > 0) stage['filter'] = filter;
  return {
    docs: collectionScan(coll, query, stats, direction),
    sorted: false,
    explain: () => ({ stage, rejected: [] }),
    stats,
  };
}

/** Whether the filter has a range on `_id` (equality and `$in` are look-ups, not scans). */
function rangeOnId(filter: Document): boolean {
  const condition: unknown = filter['_id'];
  return (
    isPlainObject(condition) &&
    Object.keys(condition).some((op) => ['$gt', '$gte', '$lt', '$lte'].includes(op))
  );
}

/** The indexes worth planning with: `_id_` only when a range or the sort is on `_id`. */
function orderedIndexes(
  coll: Collection,
  filter: Document,
  sort: readonly SortField[] | undefined,
): readonly SecondaryIndex[] {
  if (sort?.[0]?.path !== '_id' && !rangeOnId(filter)) return coll.secondaryIndexes;
  return [coll.idOrder(), ...coll.secondaryIndexes];
}

/**
 * Chooses among the indexes that bound the filter or give the sort, as MongoDB considers a
 * collection scan only when no index applies. Every document an index yields is still tested
 * against the whole filter, so a plan can only narrow what is read, never change the answer.
 */
export function planIndexed(
  coll: Collection,
  filter: Document,
  query: Query | undefined,
  sort: readonly SortField[] | undefined,
  limit: number,
  collation: Collation | undefined,
): Plan {
  const stats: ScanStats = { keysExamined: 0, docsExamined: 0 };
  const candidates: Candidate[] = [];
  for (const index of orderedIndexes(coll, filter, sort)) {
    if (!index.maintained || index.spec.hidden) continue;
    const bounds = indexBounds(index, filter, collation);
    if (!bounds) continue;
    const backward = sort ? sortDirection(index, bounds, sort, collation) : undefined;
    if (bounds.fields[0] === undefined && backward === undefined) continue;
    candidates.push({ index, bounds, backward, keys: index.countIn(bounds.ranges) });
  }
  if (candidates.length === 0) {
    const or = planOr(coll, filter, query, collation, stats);
    if (or) {
      const stage = or.stage;
      return { docs: or.docs, sorted: false, explain: () => ({ stage, rejected: [] }), stats };
    }
    const stage: Document = { stage: 'COLLSCAN', direction: 'forward' };
    if (Object.keys(filter).length > 0) stage['filter'] = filter;
    return {
      docs: collectionScan(coll, query, stats),
      sorted: false,
      explain: () => ({ stage, rejected: [] }),
      stats,
    };
  }
  const fewest = Math.min(...candidates.map((c) => c.keys));
  // An in-memory sort costs about as much again as reading the documents.
  const ranked = candidates
    .map((c) => {
      const sorted = !sort || c.backward !== undefined;
      return { c, cost: costOf(c, fewest, sorted, limit) * (sorted ? 1 : 2) };
    })
    .sort((a, b) => a.cost - b.cost || b.c.bounds.pointFields - a.c.bounds.pointFields);
  const stageOf = (c: Candidate): Document => fetchStage(filter, ixscanStage(c), c.bounds.answered);
  const winner = (ranked[0] as (typeof ranked)[number]).c;
  return {
    docs: scanned(coll, winner, query, stats),
    sorted: sort !== undefined && winner.backward !== undefined,
    explain: () => ({ stage: stageOf(winner), rejected: ranked.slice(1).map((r) => stageOf(r.c)) }),
    stats,
  };
}

function pointInterval(value: unknown): Interval {
  return { low: { value }, lowInclusive: true, high: { value }, highInclusive: true };
}

/**
 * Explain's stage for a look-up through `_id` or a unique index (the fast path taken before any
 * planning): IDHACK for a filter on `_id` alone, as MongoDB 7.0 shows it, else a FETCH over an
 * IXSCAN of point bounds.
 */
export function lookupStage(
  spec: IndexSpec,
  values: unknown[],
  filter: Document,
  exact: boolean,
): Document {
  const fields = Object.keys(spec.key);
  const byId = spec.name === '_id_';
  if (byId && exact && !isPlainObject(filter['_id'])) return { stage: 'IDHACK' };
  const intervals = byId
    ? [[...values].sort((a, b) => compareValues(a, b)).map(pointInterval)]
    : values.map((v) => [pointInterval(v)]);
  const ixscan: Document = {
    stage: 'IXSCAN',
    keyPattern: spec.key,
    indexName: spec.name,
    ...(spec.collation ? { collation: spec.collation } : {}),
    isMultiKey: false,
    multiKeyPaths: Object.fromEntries(fields.map((f) => [f, []])),
    isUnique: true,
    isSparse: spec.sparse === true,
    isPartial: false,
    indexVersion: 2,
    direction: 'forward',
    indexBounds: indexBoundsText(
      fields,
      intervals,
      fields.map(() => 1),
      false,
    ),
  };
  return fetchStage(filter, ixscan, new Set(exact ? Object.keys(filter) : fields));
}
