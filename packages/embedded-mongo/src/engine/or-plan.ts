import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { isPlainObject } from '../bson.js';
import type { Collation } from '../values/collation.js';
import type { Collection } from './collection.js';
import { indexBounds } from './index-bounds.js';
import { fetchEntries, ixscanStage, type Candidate } from './ixscan-stage.js';
import type { SecondaryIndex } from './secondary-index.js';

/** What an `$or` reads: each branch through its own index, every document once. */
export interface OrPlan {
  docs: Iterable<Document>;
  stage: Document;
}

/** The index that reads the fewest entries among those whose first field the branch bounds. */
function branchCandidate(
  indexes: readonly SecondaryIndex[],
  branch: Document,
  collation: Collation | undefined,
): Candidate | undefined {
  let best: Candidate | undefined;
  for (const index of indexes) {
    if (!index.maintained || index.spec.hidden) continue;
    const bounds = indexBounds(index, branch, collation);
    if (!bounds || bounds.fields[0] === undefined) continue;
    const keys = index.countIn(bounds.ranges);
    if (!best || keys < best.keys) best = { index, bounds, backward: false, keys };
  }
  return best;
}

function* orScan(
  coll: Collection,
  branches: readonly Candidate[],
  query: Query | undefined,
  stats: { keysExamined: number; docsExamined: number },
): Generator<Document> {
  const seen = new Set<string>();
  for (const { index, bounds } of branches) {
    yield* fetchEntries(coll, index.scan(bounds.ranges, false), query, stats, seen);
  }
}

/**
 * An `$or` whose every branch an index bounds is read as the union of those scans, as MongoDB's
 * OR stage does; one branch no index helps means a collection scan. The whole filter is still
 * checked on every document, so the union only narrows what is read.
 */
export function planOr(
  coll: Collection,
  filter: Document,
  query: Query | undefined,
  collation: Collation | undefined,
  stats: { keysExamined: number; docsExamined: number },
): OrPlan | undefined {
  const branches: unknown = filter['$or'];
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const indexes = branches.some((b) => isPlainObject(b) && '_id' in b)
    ? [coll.idOrder(), ...coll.secondaryIndexes]
    : coll.secondaryIndexes;
  const chosen: Candidate[] = [];
  for (const branch of branches) {
    const candidate = isPlainObject(branch)
      ? branchCandidate(indexes, branch, collation)
      : undefined;
    if (!candidate) return undefined;
    chosen.push(candidate);
  }
  const rest: Document = {};
  for (const [field, condition] of Object.entries(filter))
    if (field !== '$or') rest[field] = condition as unknown;
  const or = { stage: 'OR', inputStages: chosen.map(ixscanStage) };
  const fetch =
    Object.keys(rest).length > 0
      ? { stage: 'FETCH', filter: rest, inputStage: or }
      : { stage: 'FETCH', inputStage: or };
  // A filter that is only an $or is planned branch by branch, which explain shows as SUBPLAN.
  const stage = Object.keys(rest).length === 0 ? { stage: 'SUBPLAN', inputStage: fetch } : fetch;
  return { docs: orScan(coll, chosen, query, stats), stage };
}
