import { Long, MaxKey, MinKey, type Document } from 'bson';
import { flatten, resolve } from 'mingo/util';
import type { Options } from 'mingo/types';
import { MongoCommandError } from '../errors.js';
import { collatorFor } from '../values/collation.js';
import { compareValues, typeRank, type StringComparator } from '../values/compare.js';
import { numericKind, toExactDecimal } from '../values/numbers.js';
import { isPlainObject, isTypeSpec, matchesTypeSpec } from '../values/types.js';

/**
 * The query operators whose answer depends on BSON types and values, in place of the query
 * engine's own (which only know plain JS numbers and compare strings in binary order): equality
 * and ranges compare by exact value across the numeric types and under the query's collation,
 * `$type` tells int, long, double and decimal apart. Field resolution, arrays, `$elemMatch`,
 * the logical operators and `$expr` stay the engine's.
 */
type Predicate = (
  lhs: unknown,
  rhs: unknown,
  strings: StringComparator | undefined,
  depth: number,
) => boolean;

/** A query operator as the engine calls it: compiled once per query, then tested per document. */
export type QueryOperatorFn = (
  selector: string,
  value: unknown,
  options: Options,
) => (doc: Document) => boolean;

interface LocalOptions {
  local?: { depth?: number };
  collation?: Document;
}

function depthOf(selector: string): number {
  let depth = 0;
  for (const c of selector) if (c === '.') depth += 1;
  return depth;
}

/** The values a field condition is tested against: the field itself, or each element of an array. */
function candidates(lhs: unknown, depth: number): unknown[] {
  if (!Array.isArray(lhs)) return [lhs];
  return [lhs, ...lhs, ...(depth > 0 ? (flatten(lhs, depth) as unknown[]) : [])];
}

function fieldOperator(predicate: Predicate, prepare?: (rhs: unknown) => void): QueryOperatorFn {
  return (selector: string, rhs: unknown, options: Options) => {
    prepare?.(rhs);
    const strings = collatorFor((options as LocalOptions).collation);
    const depth = depthOf(selector);
    return (doc: Document) => {
      const lhs: unknown = resolve(doc, selector, { unwrapArray: true });
      return predicate(lhs, rhs, strings, depth);
    };
  };
}

function equal(a: unknown, b: unknown, strings: StringComparator | undefined): boolean {
  return typeRank(a) === typeRank(b) && compareValues(a, b, strings) === 0;
}

function isNullish(value: unknown): boolean {
  return value === null || value === undefined;
}

/** `{ field: value }` and `$eq`: the field, or one of its elements, equals the value. */
function eq(
  lhs: unknown,
  rhs: unknown,
  strings: StringComparator | undefined,
  depth: number,
): boolean {
  if (isNullish(rhs)) {
    return isNullish(lhs) || (Array.isArray(lhs) && lhs.some((v) => isNullish(v)));
  }
  return candidates(lhs, depth).some((v) => equal(v, rhs, strings));
}

/** Range operators compare only within one type class (numbers with numbers, strings with strings). */
function range(test: (c: number) => boolean, orEqualNull: boolean): Predicate {
  return (lhs, rhs, strings, depth) => {
    if (isNullish(rhs)) return orEqualNull && eq(lhs, null, strings, depth);
    if (rhs instanceof MinKey || rhs instanceof MaxKey) {
      return candidates(lhs, depth).some((v) => test(compareValues(v, rhs, strings)));
    }
    return candidates(lhs, depth).some(
      (v) => typeRank(v) === typeRank(rhs) && test(compareValues(v, rhs, strings)),
    );
  };
}

function matchesRegex(value: unknown, pattern: RegExp): boolean {
  return typeof value === 'string' && new RegExp(pattern.source, pattern.flags).test(value);
}

function inList(
  lhs: unknown,
  rhs: unknown,
  strings: StringComparator | undefined,
  depth: number,
): boolean {
  if (!Array.isArray(rhs)) throw new MongoCommandError('BadValue', '$in needs an array');
  return rhs.some((value) =>
    value instanceof RegExp
      ? candidates(lhs, depth).some((v) => matchesRegex(v, value))
      : eq(lhs, value, strings, depth),
  );
}

function assertTypeSpec(rhs: unknown): void {
  const specs = Array.isArray(rhs) ? rhs : [rhs];
  for (const spec of specs) {
    if (!isTypeSpec(spec)) {
      throw new MongoCommandError(
        'BadValue',
        typeof spec === 'string'
          ? `Unknown type name alias: ${spec}`
          : `Invalid numerical type code: ${String(spec)}`,
      );
    }
  }
}

/** `$type`: the field (or, for an array field, one of its elements) has one of the types. */
function type(lhs: unknown, rhs: unknown): boolean {
  const specs = Array.isArray(rhs) ? rhs : [rhs];
  if (lhs === undefined) return false;
  const values = Array.isArray(lhs) ? [lhs, ...lhs] : [lhs];
  return values.some((v) => specs.some((spec) => matchesTypeSpec(v, spec)));
}

function integerOf(value: unknown, what: string): bigint {
  const kind = numericKind(value);
  if (kind === undefined)
    throw new MongoCommandError('BadValue', `malformed mod, ${what} not a number`);
  const exact = toExactDecimal(value);
  if (!exact.isFinite())
    throw new MongoCommandError('BadValue', `malformed mod, ${what} is not finite`);
  return BigInt(exact.trunc().toFixed());
}

/** `$mod: [divisor, remainder]`: numbers, truncated to integers, as MongoDB does. */
function prepareMod(rhs: unknown): void {
  if (!Array.isArray(rhs) || rhs.length !== 2) {
    throw new MongoCommandError('BadValue', 'malformed mod, needs to be an array');
  }
  if (integerOf(rhs[0], 'divisor') === 0n) {
    throw new MongoCommandError('BadValue', 'divisor cannot be 0');
  }
  integerOf(rhs[1], 'remainder');
}

function mod(
  lhs: unknown,
  rhs: unknown,
  _strings: StringComparator | undefined,
  depth: number,
): boolean {
  const [divisor, remainder] = (rhs as unknown[]).map((v, i) =>
    integerOf(v, i === 0 ? 'divisor' : 'remainder'),
  );
  return candidates(lhs, depth).some((v) => {
    if (numericKind(v) === undefined) return false;
    const exact = toExactDecimal(v);
    if (!exact.isFinite()) return false;
    return BigInt(exact.trunc().toFixed()) % (divisor as bigint) === remainder;
  });
}

function prepareSize(rhs: unknown): void {
  const kind = numericKind(rhs);
  const n = typeof rhs === 'number' ? rhs : rhs instanceof Long ? rhs.toNumber() : Number.NaN;
  if (kind === undefined || !Number.isInteger(n) || n < 0) {
    throw new MongoCommandError('BadValue', '$size needs a non-negative integer');
  }
}

function size(lhs: unknown, rhs: unknown): boolean {
  const n = typeof rhs === 'number' ? rhs : (rhs as Long).toNumber();
  return Array.isArray(lhs) && lhs.length === n;
}

/** `$all`: an array field holds every value (or matches every `$elemMatch`). */
function all(
  lhs: unknown,
  rhs: unknown,
  strings: StringComparator | undefined,
  depth: number,
): boolean {
  if (!Array.isArray(rhs)) throw new MongoCommandError('BadValue', '$all needs an array');
  if (rhs.length === 0) return false;
  return rhs.every((value) => {
    if (isPlainObject(value) && Object.keys(value)[0] === '$elemMatch') return true;
    if (value instanceof RegExp) return candidates(lhs, depth).some((v) => matchesRegex(v, value));
    return eq(lhs, value, strings, depth);
  });
}

const lt = range((c) => c < 0, false);
const lte = range((c) => c <= 0, true);
const gt = range((c) => c > 0, false);
const gte = range((c) => c >= 0, true);

export const TYPED_QUERY_OPERATORS: Record<string, QueryOperatorFn> = {
  $eq: fieldOperator(eq),
  $ne: fieldOperator((l, r, s, d) => !eq(l, r, s, d)),
  $lt: fieldOperator(lt),
  $lte: fieldOperator(lte),
  $gt: fieldOperator(gt),
  $gte: fieldOperator(gte),
  $in: fieldOperator(inList),
  $nin: fieldOperator((l, r, s, d) => !inList(l, r, s, d)),
  $type: fieldOperator(type, assertTypeSpec),
  $mod: fieldOperator(mod, prepareMod),
  $size: fieldOperator(size, prepareSize),
};

/** `$all` keeps the engine's own handling of `$elemMatch` members; the rest is typed. */
export function typedAll(engineAll: QueryOperatorFn): QueryOperatorFn {
  return (selector, rhs, options) => {
    if (!Array.isArray(rhs)) throw new MongoCommandError('BadValue', '$all needs an array');
    const elemMatches = rhs.filter((v) => isPlainObject(v) && Object.keys(v)[0] === '$elemMatch');
    const engine = elemMatches.length > 0 ? engineAll(selector, elemMatches, options) : undefined;
    const typed = fieldOperator(all)(selector, rhs, options);
    return (doc: Document) => typed(doc) && (engine === undefined || engine(doc));
  };
}
