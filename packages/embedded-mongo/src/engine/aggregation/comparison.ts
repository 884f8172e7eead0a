import type { Document } from 'bson';
import type { Options } from 'mingo/types';
import { MongoCommandError } from '../../errors.js';
import { collatorFor } from '../../values/collation.js';
import { compareValues, type StringComparator } from '../../values/compare.js';
import { evaluateOperands, typeName, type ExpressionFn } from './operands.js';

/**
 * The comparison expressions. Unlike query operators they compare any two values, by MongoDB's
 * order of BSON types, numbers by exact value across int, long, double and decimal, strings
 * under the command's collation; a missing value sorts before null.
 */

/** The string order of the pipeline's collation (binary order without one). */
export function stringOrder(options: Options): StringComparator | undefined {
  return collatorFor(options.collation as Document | undefined);
}

export function compareExpressionValues(
  a: unknown,
  b: unknown,
  strings: StringComparator | undefined,
): number {
  const missingA = a === undefined;
  const missingB = b === undefined;
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? -1 : 1;
  return compareValues(a, b, strings);
}

function comparison(name: string, test: (c: number) => boolean): ExpressionFn {
  return (obj, expr, options) => {
    const [a, b] = evaluateOperands(name, obj, expr, options, 2);
    return test(compareExpressionValues(a, b, stringOrder(options)));
  };
}

const $cmp: ExpressionFn = (obj, expr, options) => {
  const [a, b] = evaluateOperands('$cmp', obj, expr, options, 2);
  const c = compareExpressionValues(a, b, stringOrder(options));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
};

const $in: ExpressionFn = (obj, expr, options) => {
  const [item, list] = evaluateOperands('$in', obj, expr, options, 2);
  if (!Array.isArray(list)) {
    throw new MongoCommandError(
      'Location40081',
      `$in requires an array as a second argument, found: ${typeName(list)}`,
    );
  }
  const strings = stringOrder(options);
  return list.some((value) => compareExpressionValues(item, value, strings) === 0);
};

export const COMPARISON_OPERATORS: Record<string, ExpressionFn> = {
  $eq: comparison('$eq', (c) => c === 0),
  $ne: comparison('$ne', (c) => c !== 0),
  $gt: comparison('$gt', (c) => c > 0),
  $gte: comparison('$gte', (c) => c >= 0),
  $lt: comparison('$lt', (c) => c < 0),
  $lte: comparison('$lte', (c) => c <= 0),
  $cmp,
  $in,
};
