import type { Document } from 'bson';
import { isPlainObject } from '../bson.js';
import { holdsString } from '../values/collation-keys.js';
import { sameCollation, type Collation } from '../values/collation.js';
import { compareValues, typeRank } from '../values/compare.js';
import { isNaNValue } from '../values/numbers.js';
import { bsonTypeOf } from '../values/types.js';
import type { Bound, SecondaryIndex, SeekTuple, TupleRange } from './secondary-index.js';
import { boundSide } from './secondary-index.js';

/** A range of one field's values, in value order. */
export interface Interval {
  low: Bound;
  lowInclusive: boolean;
  high: Bound;
  highInclusive: boolean;
}

/** What a filter lets an index scan: its per-field intervals and the ranges over whole keys. */
export interface IndexBounds {
  /** Per index field, its intervals in value order; undefined where the filter sets none. */
  fields: Array<Interval[] | undefined>;
  ranges: TupleRange[];
  /** Leading fields pinned to one value each, which a sort may skip over. */
  pointFields: number;
  /** Top-level filter fields the bounds answer completely (explain leaves them out of the filter). */
  answered: Set<string>;
}

const ALL: Interval = {
  low: { infinite: -1 },
  lowInclusive: true,
  high: { infinite: 1 },
  highInclusive: true,
};
const MAX_RANGES = 200;
const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte']);
const BOUNDABLE_TYPES = new Set([
  'int',
  'long',
  'double',
  'decimal',
  'string',
  'date',
  'objectId',
  'bool',
]);

/** Values an index can be searched for: scalars whose matches are exactly the equal keys. */
function boundable(value: unknown): boolean {
  if (!BOUNDABLE_TYPES.has(bsonTypeOf(value))) return false;
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  return typeRank(value) !== 3 || !isNaNValue(value);
}

function point(value: unknown): Interval {
  return { low: { value }, lowInclusive: true, high: { value }, highInclusive: true };
}

function rangeOf(op: string, value: unknown): Interval {
  const rank = typeRank(value);
  if (op === '$gt' || op === '$gte') {
    return {
      low: { value },
      lowInclusive: op === '$gte',
      high: { rank, edge: 'end' },
      highInclusive: true,
    };
  }
  return {
    low: { rank, edge: 'start' },
    lowInclusive: true,
    high: { value },
    highInclusive: op === '$lte',
  };
}

/** Compares two bounds in value order; two different kinds of bound are never equal. */
function compareBounds(a: Bound, b: Bound, strings: SecondaryIndex['strings']): number {
  if ('value' in a && 'value' in b) return compareValues(a.value, b.value, strings);
  if ('value' in a) return boundSide(a.value, b, strings);
  if ('value' in b) return -boundSide(b.value, a, strings);
  const order = (x: Bound): number =>
    'infinite' in x ? x.infinite * 1e6 : 'rank' in x ? x.rank * 2 + (x.edge === 'end' ? 1 : 0) : 0;
  return order(a) - order(b);
}

function intersect(a: Interval, b: Interval, strings: SecondaryIndex['strings']): Interval {
  const lows = compareBounds(a.low, b.low, strings);
  const highs = compareBounds(a.high, b.high, strings);
  return {
    low: lows >= 0 ? a.low : b.low,
    lowInclusive:
      lows > 0 ? a.lowInclusive : lows < 0 ? b.lowInclusive : a.lowInclusive && b.lowInclusive,
    high: highs <= 0 ? a.high : b.high,
    highInclusive:
      highs < 0
        ? a.highInclusive
        : highs > 0
          ? b.highInclusive
          : a.highInclusive && b.highInclusive,
  };
}

function isEmpty(interval: Interval, strings: SecondaryIndex['strings']): boolean {
  const c = compareBounds(interval.low, interval.high, strings);
  return (
    c > 0 ||
    (c === 0 && 'value' in interval.low && !(interval.lowInclusive && interval.highInclusive))
  );
}

/** The conditions on each top-level field, `$and` branches included. */
function conditionsByField(
  filter: Document,
  out = new Map<string, unknown[]>(),
): Map<string, unknown[]> {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const branch of condition) if (isPlainObject(branch)) conditionsByField(branch, out);
    } else if (!field.startsWith('$')) {
      out.set(field, [...(out.get(field) ?? []), condition]);
    }
  }
  return out;
}

interface Predicate {
  kind: 'eq' | 'in' | 'range';
  intervals: Interval[];
}

/**
 * The predicates of one field's conditions that an index with `indexCollation` can answer under
 * the query's collation, and whether they are all of its conditions.
 */
function predicatesOf(
  conditions: unknown[],
  usableValue: (value: unknown) => boolean,
  strings: SecondaryIndex['strings'],
): { predicates: Predicate[]; complete: boolean } {
  const predicates: Predicate[] = [];
  let complete = true;
  for (const condition of conditions) {
    const operators =
      isPlainObject(condition) && Object.keys(condition).some((k) => k.startsWith('$'));
    if (!operators) {
      if (usableValue(condition)) predicates.push({ kind: 'eq', intervals: [point(condition)] });
      else complete = false;
      continue;
    }
    for (const [op, value] of Object.entries(condition as Document)) {
      if (op === '$eq' && usableValue(value)) {
        predicates.push({ kind: 'eq', intervals: [point(value)] });
      } else if (RANGE_OPERATORS.has(op) && usableValue(value)) {
        predicates.push({ kind: 'range', intervals: [rangeOf(op, value)] });
      } else if (op === '$in' && Array.isArray(value) && value.every(usableValue)) {
        const sorted = [...value].sort((x, y) => compareValues(x, y, strings));
        const unique = sorted.filter(
          (v, i) => i === 0 || compareValues(sorted[i - 1], v, strings) !== 0,
        );
        predicates.push({ kind: 'in', intervals: unique.map(point) });
      } else {
        complete = false;
      }
    }
  }
  return { predicates, complete };
}

/**
 * One field's intervals. Where no document has an array on the field every predicate holds for
 * its single value, so ranges intersect; on a multikey field different elements may satisfy
 * different predicates, so only one predicate bounds the scan (the filter checks the rest).
 */
function fieldIntervals(
  predicates: Predicate[],
  multikey: boolean,
  strings: SecondaryIndex['strings'],
): Interval[] | undefined {
  const eq = predicates.find((p) => p.kind === 'eq');
  if (eq) return eq.intervals;
  const inList = predicates.find((p) => p.kind === 'in');
  if (inList) return inList.intervals;
  const ranges = predicates.filter((p) => p.kind === 'range');
  const first = ranges[0];
  if (!first) return undefined;
  if (multikey) return first.intervals;
  let interval = first.intervals[0] as Interval;
  for (const range of ranges.slice(1))
    interval = intersect(interval, range.intervals[0] as Interval, strings);
  return isEmpty(interval, strings) ? [] : [interval];
}

function isPoint(interval: Interval): boolean {
  return (
    'value' in interval.low &&
    'value' in interval.high &&
    interval.lowInclusive &&
    interval.highInclusive &&
    compareValues(interval.low.value, interval.high.value) === 0
  );
}

/** A field's intervals in index order: reversed, each turned round, for a descending field. */
function inIndexOrder(intervals: Interval[], direction: 1 | -1): Interval[] {
  if (direction === 1) return intervals;
  return [...intervals].reverse().map((i) => ({
    low: i.high,
    lowInclusive: i.highInclusive,
    high: i.low,
    highInclusive: i.lowInclusive,
  }));
}

/** The ranges over whole keys: every combination of the leading fields' points, then one field's intervals. */
function tupleRanges(
  fields: Array<Interval[] | undefined>,
  directions: ReadonlyArray<1 | -1>,
): TupleRange[] {
  let prefixes: Bound[][] = [[]];
  for (let i = 0; i < fields.length; i++) {
    let intervals = inIndexOrder(fields[i] ?? [ALL], directions[i] as 1 | -1);
    const last =
      i === fields.length - 1 || !intervals.every(isPoint) || fields[i + 1] === undefined;
    if (!last) {
      if (prefixes.length * intervals.length <= MAX_RANGES) {
        prefixes = prefixes.flatMap((prefix) => intervals.map((iv) => [...prefix, iv.low]));
        continue;
      }
      // Too many combinations: scan from the first point to the last instead (the filter checks).
      const first = intervals[0] as Interval;
      const final = intervals[intervals.length - 1] as Interval;
      intervals = [{ low: first.low, lowInclusive: true, high: final.high, highInclusive: true }];
    }
    const ranges: TupleRange[] = [];
    for (const prefix of prefixes) {
      for (const iv of intervals) {
        const start: SeekTuple = {
          elements: [...prefix, iv.low],
          tail: iv.lowInclusive ? 'low' : 'high',
        };
        const end: SeekTuple = {
          elements: [...prefix, iv.high],
          tail: iv.highInclusive ? 'high' : 'low',
        };
        ranges.push({ start, end });
      }
    }
    return ranges;
  }
  return [];
}

/**
 * What a filter bounds on an index, or undefined when it bounds nothing. A string can be looked
 * up only in an index with the query's collation (strings are ordered by it); other values in any.
 * A sparse index lacks documents missing its fields, so it needs a bound on its first field.
 */
export function indexBounds(
  index: SecondaryIndex,
  filter: Document,
  collation: Collation | undefined,
): IndexBounds | undefined {
  const conditions = conditionsByField(filter);
  const collated = sameCollation(index.collation, collation);
  const usableValue = (value: unknown): boolean =>
    boundable(value) && (collated || !holdsString(value));
  const answered = new Set<string>();
  const fields = index.fields.map((field, i) => {
    const found = conditions.get(field);
    if (!found) return undefined;
    const { predicates, complete } = predicatesOf(found, usableValue, index.strings);
    const intervals = fieldIntervals(predicates, index.multikeyField(i), index.strings);
    const exact = complete && !index.multikeyField(i) && predicates.length === 1;
    if (intervals && exact) answered.add(field);
    return intervals;
  });
  if (fields[0] === undefined && index.spec.sparse) return undefined;
  let pointFields = 0;
  while (
    pointFields < fields.length &&
    fields[pointFields]?.length === 1 &&
    isPoint(fields[pointFields]?.[0] as Interval)
  )
    pointFields += 1;
  return { fields, ranges: tupleRanges(fields, index.directions), pointFields, answered };
}
