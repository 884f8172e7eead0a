import type { Filter } from 'mongodb';
import type { IfMatch } from '../http/preconditions.js';

/**
 * The stored count of a document's writes, its strong ETag. Not a hash: `If-Match` is then one
 * equality in the write's own filter, an atomic compare-and-swap, and a GET hashes nothing.
 */
export const VERSION_FIELD = '_version';

/** A document written before the counter existed is at 0. */
export interface Versioned {
  _version?: number;
}

export function storedVersion(document: Versioned): number {
  return document._version ?? 0;
}

/** Added to every write that changes a document's representation. */
export const VERSION_BUMP = { $inc: { [VERSION_FIELD]: 1 } } as const;

/** The part of a write's filter that makes it conditional on `If-Match` (empty for none or `*`). */
export function versionFilter(ifMatch: IfMatch | undefined): Filter<Versioned> {
  if (ifMatch === undefined || ifMatch.any) return {};
  const versions: (number | null)[] = [...ifMatch.versions];
  // `null` also matches a missing field, which the driver's types do not express.
  if (ifMatch.versions.includes(0)) versions.push(null);
  return { [VERSION_FIELD]: { $in: versions } } as Filter<Versioned>;
}
