import type { Filter } from 'mongodb';
import type { IfMatch } from '../http/preconditions.js';

/**
 * The stored field that counts a document's writes, the source of its strong ETag
 * (`strongEtag`). A counter rather than a hash of the representation: the condition of
 * `If-Match` is then one equality in the write's own filter, so checking and writing are one
 * atomic operation (a compare-and-swap) without reading or hashing the document first, and a GET
 * tags its answer without hashing the body.
 */
export const VERSION_FIELD = '_version';

/** A stored document with its write counter; one written before the counter existed is at 0. */
export interface Versioned {
  _version?: number;
}

/** The version of a stored document (0 for one that has never had the field). */
export function storedVersion(document: Versioned): number {
  return document._version ?? 0;
}

/** What every write that changes a document's representation adds to its update. */
export const VERSION_BUMP = { $inc: { [VERSION_FIELD]: 1 } } as const;

/**
 * The part of a write's filter that makes it conditional on `If-Match`: empty without the header
 * or with `*` (the `_id` in the rest of the filter already asks for an existing document);
 * otherwise the versions it names, version 0 matching a document without the field.
 */
export function versionFilter(ifMatch: IfMatch | undefined): Filter<Versioned> {
  if (ifMatch === undefined || ifMatch.any) return {};
  const versions: (number | null)[] = [...ifMatch.versions];
  // `null` in `$in` also matches a document without the field (MongoDB's "query for null or
  // missing fields"), which the driver's types do not express for an optional number.
  if (ifMatch.versions.includes(0)) versions.push(null);
  return { [VERSION_FIELD]: { $in: versions } } as Filter<Versioned>;
}
