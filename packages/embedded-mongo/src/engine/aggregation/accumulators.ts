import type { Document } from 'bson';
import { evalExpr } from 'mingo/core';
import { $push } from 'mingo/operators/accumulator';
import type { Options } from 'mingo/types';
import { valueKey } from '../../values/compare.js';
import { CollationKeys } from '../../values/collation-keys.js';
import { compareExpressionValues, stringOrder } from './comparison.js';
import { isNullish, operandsOf, type ExpressionFn } from './operands.js';
import { NumericTotal } from './summation.js';

/**
 * `$sum`, `$avg`, `$min`, `$max` and `$addToSet` with MongoDB's types and equality: sums and
 * averages keep the widest numeric type they see (see `summation.ts`), `$min`/`$max` compare by
 * BSON order and skip null and missing values, `$addToSet` holds one of each value equal under
 * MongoDB's rules (int 1 and double 1.0 are one value).
 */

/** An accumulator as the aggregation engine calls it: the documents of a group, its operand, the options. */
export type AccumulatorFn = (docs: Document[], expr: unknown, options: Options) => unknown;

/** The operand's value for each document of a group; a missing value stays undefined. */
function valuesOf(docs: Document[], expr: unknown, options: Options): unknown[] {
  // The engine's $push evaluates each document as its own root; wrapping the operand in an
  // array keeps a missing value apart from null.
  const wrapped = $push(docs, [expr], options) as unknown[][];
  return wrapped.map((value) => value[0]);
}

function sumOf(values: unknown[]): unknown {
  const total = new NumericTotal();
  for (const value of values) total.add(value);
  return total.sum();
}

function averageOf(values: unknown[]): unknown {
  const total = new NumericTotal();
  for (const value of values) total.add(value);
  return total.average();
}

function extremeOf(direction: 1 | -1): (values: unknown[], options: Options) => unknown {
  return (values, options) => {
    const strings = stringOrder(options);
    let best: unknown;
    for (const value of values) {
      if (isNullish(value)) continue;
      if (best === undefined || compareExpressionValues(value, best, strings) * direction > 0) {
        best = value;
      }
    }
    return best ?? null;
  };
}

const maxOf = extremeOf(1);
const minOf = extremeOf(-1);

const $addToSet: AccumulatorFn = (docs, expr, options) => {
  const collation = options.collation as Document | undefined;
  const strings = collation ? stringOrder(options) : undefined;
  const keys = strings ? new CollationKeys(strings) : undefined;
  const seen = new Map<string, unknown>();
  for (const value of valuesOf(docs, expr, options)) {
    if (value === undefined) continue;
    const key = keys ? keys.keyOf(value) : valueKey(value);
    if (!seen.has(key)) seen.set(key, value);
  }
  return [...seen.values()];
};

function accumulator(reduce: (values: unknown[], options: Options) => unknown): AccumulatorFn {
  return (docs, expr, options) => reduce(valuesOf(docs, expr, options), options);
}

export const TYPED_ACCUMULATORS: Record<string, AccumulatorFn> = {
  $sum: accumulator(sumOf),
  $avg: accumulator(averageOf),
  $max: accumulator(maxOf),
  $min: accumulator(minOf),
  $addToSet,
};

/**
 * The expression form (`$project: { total: { $sum: ["$a", "$b"] } }`): one operand that is an
 * array is reduced over its elements, several operands over their values. The aggregation
 * engine also calls expression operators on a group's documents (an array in place of the
 * document), where they act as the accumulator.
 */
function expressionForm(
  name: keyof typeof TYPED_ACCUMULATORS,
  reduce: (values: unknown[], options: Options) => unknown,
): ExpressionFn {
  const asAccumulator = TYPED_ACCUMULATORS[name] as AccumulatorFn;
  return (obj, expr, options) => {
    if (Array.isArray(obj)) return asAccumulator(obj as Document[], expr, options);
    const operands = operandsOf(expr);
    if (operands.length === 1) {
      const value = evalExpr(obj, operands[0], options);
      return reduce(Array.isArray(value) ? value : [value], options);
    }
    return reduce(
      operands.map((operand) => evalExpr(obj, operand, options)),
      options,
    );
  };
}

export const ACCUMULATOR_EXPRESSIONS: Record<string, ExpressionFn> = {
  $sum: expressionForm('$sum', sumOf),
  $avg: expressionForm('$avg', averageOf),
  $max: expressionForm('$max', maxOf),
  $min: expressionForm('$min', minOf),
};
