import { PARSED_HEADER_LIMIT } from '../http/header-limit.js';
import type { ExampleRequest } from './example-requests.js';

/** A header value built to make a parser work hard, and what it tries. */
export interface HeaderAttack {
  name: string;
  value: string;
}

/** `unit` repeated, cut to `length` characters. */
function filled(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/**
 * Values of exactly `length` characters that start as `prefix` (what the header's parser expects
 * first) and go on with what makes a backtracking parser try every split: a long run of spaces or
 * tabs ended by a stray character, list separators, quotes, one long word ended by a space.
 */
export function headerAttacks(prefix: string, length: number): HeaderAttack[] {
  const rest = length - prefix.length;
  return [
    { name: 'spaces then a stray x', value: `${prefix}${filled(' ', rest - 1)}x` },
    { name: 'tabs then a stray x', value: `${prefix}${filled('\t', rest - 1)}x` },
    { name: 'empty list elements', value: `${prefix}${filled(', ', rest - 1)}x` },
    { name: 'quotes', value: `${prefix}${filled('"', rest)}` },
    { name: 'one long word then a space', value: `${prefix}${filled('a', rest - 1)} ` },
  ];
}

/** A well-formed `If-Match` list of strong tags, `"1", "2", …`, of exactly `length` characters. */
export function wellFormedIfMatch(length: number): string {
  let list = '"1"';
  for (let version = 2; list.length < length; version += 1) list += `, "${version}"`;
  // Cut inside the last tag would leave it open: pad the list out with spaces instead.
  while (list.length > length) list = list.slice(0, list.lastIndexOf(','));
  return list.padEnd(length, ' ');
}

/** The worst cases of an `If-Match` of `length` characters, after a first well-formed tag. */
export function ifMatchAtLimit(length: number): HeaderAttack[] {
  return headerAttacks('"1",', length);
}

/** A header a service parses, on the first documented request that reads it. */
export interface HeaderCase {
  header: string;
  request: ExampleRequest;
  /** Well-formed values at `PARSED_HEADER_LIMIT` and three times past it. */
  wellFormed: string[];
  /** The worst values at the same lengths. */
  attacks: HeaderAttack[];
}

/** The lengths each header is tried at: its limit, and far past it (still under the head limit). */
export const HEADER_LENGTHS = [PARSED_HEADER_LIMIT, 3 * PARSED_HEADER_LIMIT];

const TRACEPARENT = `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01-`;

/**
 * Every header the services parse, with the request of `requests` it is tried on: `If-Match` and
 * `Idempotency-Key` where documented, `Authorization` where a token is asked for, `Content-Type`
 * where a body is read, `X-Request-Id` and `traceparent` on the first `GET`. Every attack starts
 * as the header's well-formed values do, so that the server's trimming of the spaces around a
 * value cannot leave a short valid one, whose request would do more work than a refused one.
 */
export function parsedHeaderCases(requests: readonly ExampleRequest[]): HeaderCase[] {
  const first = (test: (request: ExampleRequest) => boolean) => requests.find(test);
  const documenting = (header: string) => first((r) => r.documentedHeaders.includes(header));
  const get = first((r) => r.method === 'GET' && !r.secured);
  const body = first((r) => r.bodyType !== undefined);
  const candidates: [string, ExampleRequest | undefined, string, (length: number) => string][] = [
    ['if-match', documenting('if-match'), '"1",', wellFormedIfMatch],
    ['idempotency-key', documenting('idempotency-key'), 'k', (n) => filled('k', n)],
    ['authorization', first((r) => r.secured), 'Bearer ', (n) => `Bearer ${filled('a', n - 7)}`],
    [
      'content-type',
      body,
      `${body?.bodyType};`,
      (n) => `${body?.bodyType}; p=${filled('a', n - `${body?.bodyType}; p=`.length)}`,
    ],
    ['x-request-id', get, 'r', (n) => filled('r', n)],
    [
      'traceparent',
      get,
      TRACEPARENT,
      (n) => `${TRACEPARENT}${filled('a', n - TRACEPARENT.length)}`,
    ],
  ];
  return candidates.flatMap(([header, request, prefix, wellFormed]) =>
    request === undefined
      ? []
      : [
          {
            header,
            request,
            wellFormed: HEADER_LENGTHS.map(wellFormed),
            attacks: HEADER_LENGTHS.flatMap((length) => headerAttacks(prefix, length)),
          },
        ],
  );
}
