import { Decimal128, Double, Long, ObjectId, type Document } from 'bson';
import type { Interval } from './index-bounds.js';
import type { Bound } from './secondary-index.js';

/** The lowest and highest value of a BSON type rank, as explain writes a bound that stops there. */
const RANK_EDGES: Readonly<Record<number, readonly [string, string]>> = {
  3: ['-inf.0', 'inf.0'],
  4: ['""', '{}'],
  8: ["ObjectId('000000000000000000000000')", "ObjectId('ffffffffffffffffffffffff')"],
  9: ['false', 'true'],
  10: ['new Date(-9223372036854775808)', 'new Date(9223372036854775807)'],
};

function numberText(value: number): string {
  if (value === Number.POSITIVE_INFINITY) return 'inf.0';
  if (value === Number.NEGATIVE_INFINITY) return '-inf.0';
  return String(value);
}

function valueText(value: unknown): string {
  if (typeof value === 'number') return numberText(value);
  if (value instanceof Double) return `${numberText(value.value)}.0`;
  if (value instanceof Long || value instanceof Decimal128) return value.toString();
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (value instanceof ObjectId) return `ObjectId('${value.toHexString()}')`;
  return String(value);
}

function boundText(bound: Bound, end: 0 | 1): string {
  if ('value' in bound) return valueText(bound.value);
  if ('infinite' in bound) return bound.infinite < 0 ? 'MinKey' : 'MaxKey';
  const edges = RANK_EDGES[bound.rank];
  if (!edges) return bound.edge === 'start' ? 'MinKey' : 'MaxKey';
  return edges[bound.edge === 'start' ? 0 : 1] ?? (end === 0 ? 'MinKey' : 'MaxKey');
}

/** `[5, 10)`-style text of an interval, as explain's `indexBounds` shows it. */
export function intervalText(interval: Interval): string {
  const open = interval.lowInclusive ? '[' : '(';
  const close = interval.highInclusive ? ']' : ')';
  return `${open}${boundText(interval.low, 0)}, ${boundText(interval.high, 1)}${close}`;
}

/** Explain's `indexBounds`: each field's intervals in the order the scan visits them. */
export function indexBoundsText(
  fields: readonly string[],
  intervals: ReadonlyArray<Interval[] | undefined>,
  directions: ReadonlyArray<1 | -1>,
  backward: boolean,
): Document {
  const out: Document = {};
  fields.forEach((field, i) => {
    const all: Interval = {
      low: { infinite: -1 },
      lowInclusive: true,
      high: { infinite: 1 },
      highInclusive: true,
    };
    let list = intervals[i] ?? [all];
    // A descending field, or a backward scan, visits the values from high to low.
    if ((directions[i] === -1) !== backward) {
      list = [...list].reverse().map((iv) => ({
        low: iv.high,
        lowInclusive: iv.highInclusive,
        high: iv.low,
        highInclusive: iv.lowInclusive,
      }));
    }
    out[field] = list.map(intervalText);
  });
  return out;
}
