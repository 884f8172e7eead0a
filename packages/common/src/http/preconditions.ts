import type { Request, Response } from 'express';
import { HttpError } from '../errors/http-errors.js';
import { PARSED_HEADER_LIMIT } from './header-limit.js';
import { storedVersion, type Versioned } from '../mongo/version.js';

/**
 * What an `If-Match` header asks of the resource's current representation (RFC 9110 13.1.1):
 * `*` is any current representation; a list names the versions whose strong tags it holds.
 */
export type IfMatch = { readonly any: true } | { readonly any: false; readonly versions: number[] };

export const PRECONDITION_FAILED_MESSAGE =
  'Precondition Failed: If-Match names no current entity tag of the resource';

/** Nothing was written. */
export class PreconditionFailedError extends HttpError {
  constructor() {
    super(412, PRECONDITION_FAILED_MESSAGE);
  }
}

/**
 * The strong entity tag of a representation at `version` (README, preconditions). Weak tags,
 * such as Express's own, never match it (RFC 9110 8.8.3.2).
 */
export function strongEtag(version: number): string {
  return `"${version}"`;
}

/** Express then neither computes its own nor drops it. */
export function setVersionEtag(res: Response, version: number): void {
  res.setHeader('ETag', strongEtag(version));
}

export function sendVersioned<T extends Versioned>(
  res: Response,
  document: T,
  present: (document: T) => unknown,
): void {
  setVersionEtag(res, storedVersion(document));
  res.json(present(document));
}

/**
 * One element of the list: `W/` or not, then an opaque tag (RFC 9110 8.8.3), or nothing. The
 * spaces after a tag belong to the tag's group: a run of spaces that two quantifiers could share
 * made each failed match try every split of it, quadratic in the header's length.
 */
const LIST_ELEMENT = /[ \t]*(?:(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"[ \t]*)?(?:,|$)/y;
/** The opaque tags `strongEtag` writes. */
const VERSION_TAG = /^(?:0|[1-9]\d{0,14})$/;

const ANY: IfMatch = { any: true };

/**
 * Reads `If-Match` as RFC 9110 gives it: `*`, or a list of entity tags, empty elements allowed
 * (5.6.1); undefined when absent. Weak tags and tags this service never writes are dropped; a
 * malformed value, or one longer than `PARSED_HEADER_LIMIT`, names nothing, so a request not
 * readable as allowed is never applied.
 */
export function parseIfMatch(value: string | undefined): IfMatch | undefined {
  if (value === undefined) return undefined;
  if (value.length > PARSED_HEADER_LIMIT) return { any: false, versions: [] };
  if (value.trim() === '*') return ANY;
  const versions: number[] = [];
  let position = 0;
  while (position < value.length) {
    LIST_ELEMENT.lastIndex = position;
    const element = LIST_ELEMENT.exec(value);
    if (element === null) return { any: false, versions: [] };
    const [text, weak, opaque] = element;
    if (weak === undefined && opaque !== undefined && VERSION_TAG.test(opaque)) {
      versions.push(Number(opaque));
    }
    if (text.length === 0) break;
    position += text.length;
  }
  return { any: false, versions };
}

export function readIfMatch(req: Request): IfMatch | undefined {
  return parseIfMatch(req.get('if-match'));
}

/** Whether a representation at `version` passes the condition (none always passes). */
export function ifMatchAllows(ifMatch: IfMatch | undefined, version: number): boolean {
  return ifMatch === undefined || ifMatch.any || ifMatch.versions.includes(version);
}

/**
 * Throws the 412 when a conditional write matched nothing but the resource exists. Without
 * `If-Match` nothing is read and the caller's 404 follows (RFC 9110 13.2.1).
 */
export async function rejectFailedPrecondition(
  ifMatch: IfMatch | undefined,
  exists: () => Promise<boolean> | boolean,
): Promise<void> {
  if (ifMatch !== undefined && (await exists())) throw new PreconditionFailedError();
}
