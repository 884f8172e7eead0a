import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { indexBoundsText } from './bounds-text.js';
import type { Collection } from './collection.js';
import type { IndexBounds } from './index-bounds.js';
import type { IndexEntry, SecondaryIndex } from './secondary-index.js';

/** One index the planner could scan for a query, with what it would read. */
export interface Candidate {
  index: SecondaryIndex;
  bounds: IndexBounds;
  backward: boolean | undefined;
  keys: number;
}

/** Explain's IXSCAN stage for a candidate. */
export function ixscanStage(candidate: Candidate): Document {
  const { index, bounds, backward } = candidate;
  const spec = index.spec;
  return {
    stage: 'IXSCAN',
    keyPattern: spec.key,
    indexName: spec.name,
    ...(spec.collation ? { collation: spec.collation } : {}),
    isMultiKey: index.multikey,
    multiKeyPaths: index.multiKeyPaths(),
    isUnique: spec.unique === true || spec.name === '_id_',
    isSparse: spec.sparse === true,
    isPartial: false,
    indexVersion: 2,
    direction: backward === true ? 'backward' : 'forward',
    indexBounds: indexBoundsText(index.fields, bounds.fields, index.directions, backward === true),
  };
}

/**
 * FETCH over index entries: each entry's document, once (`seen` set, when one document can be
 * reached through several entries: a multikey index, or the branches of an `$or`), kept when the
 * whole filter matches it; counted as explain's executionStats count them.
 */
export function* fetchEntries(
  coll: Collection,
  entries: Iterable<IndexEntry>,
  query: Query | undefined,
  stats: { keysExamined: number; docsExamined: number },
  seen: Set<string> | undefined,
): Generator<Document> {
  for (const entry of entries) {
    stats.keysExamined += 1;
    if (seen) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
    }
    const doc = coll.docs.get(entry.id);
    if (!doc) continue;
    stats.docsExamined += 1;
    if (!query || query.test(doc)) yield doc;
  }
}
