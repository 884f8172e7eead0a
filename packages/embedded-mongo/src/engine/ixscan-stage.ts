import type { Document } from 'bson';
import { indexBoundsText } from './bounds-text.js';
import type { IndexBounds } from './index-bounds.js';
import type { SecondaryIndex } from './secondary-index.js';

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
