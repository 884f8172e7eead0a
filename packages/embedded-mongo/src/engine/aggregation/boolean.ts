import type { Decimal128 } from 'bson';
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { MongoCommandError } from '../../errors.js';
import { numericKind, toDouble } from '../../values/numbers.js';
import { isPlainObject } from '../../values/types.js';
import { isDecimalZero } from './numeric.js';
import { evaluateOperands, operandsOf, type ExpressionFn } from './operands.js';

/**
 * What MongoDB's expressions take for true: everything but false, null, missing and a zero of
 * any numeric type (a double or decimal 0 held in its type's box, an int64 0, NaN is true).
 */
export function isTrue(value: unknown): boolean {
  if (value === false || value === null || value === undefined) return false;
  const kind = numericKind(value);
  if (kind === 'decimal') return !isDecimalZero(value as Decimal128);
  if (kind !== undefined) return toDouble(value) !== 0;
  return true;
}

const $and: ExpressionFn = (obj, expr, options) =>
  operandsOf(expr).every((operand) => isTrue(evalExpr(obj, operand, options)));

const $or: ExpressionFn = (obj, expr, options) =>
  operandsOf(expr).some((operand) => isTrue(evalExpr(obj, operand, options)));

const $not: ExpressionFn = (obj, expr, options) => {
  const [value] = evaluateOperands('$not', obj, expr, options, 1);
  return !isTrue(value);
};

const COND_FIELDS = ['if', 'then', 'else'] as const;

const $cond: ExpressionFn = (obj, expr, options) => {
  let branches: unknown[];
  if (isPlainObject(expr)) {
    for (const name of Object.keys(expr)) {
      if (!(COND_FIELDS as readonly string[]).includes(name)) {
        throw new MongoCommandError('Location17083', `Unrecognized parameter to $cond: ${name}`);
      }
    }
    const codes = ['Location17080', 'Location17081', 'Location17082'] as const;
    COND_FIELDS.forEach((name, i) => {
      if (!Object.hasOwn(expr, name)) {
        throw new MongoCommandError(
          codes[i] ?? 'Location17080',
          `Missing '${name}' parameter to $cond`,
        );
      }
    });
    branches = COND_FIELDS.map((name) => expr[name]);
  } else {
    branches = operandsOf(expr);
    if (branches.length !== 3) {
      throw new MongoCommandError(
        'Location16020',
        `Expression $cond takes exactly 3 arguments. ${branches.length} were passed in.`,
      );
    }
  }
  const [condition, then, otherwise] = branches;
  return evalExpr(obj, isTrue(evalExpr(obj, condition, options)) ? then : otherwise, options);
};

export const BOOLEAN_OPERATORS: Record<string, ExpressionFn> = { $and, $or, $not, $cond };

/** The `$expr` query operator: the expression's value taken as MongoDB takes a condition. */
export function $expr(
  _selector: string,
  expr: unknown,
  options: Options,
): (doc: unknown) => boolean {
  return (doc) => isTrue(evalExpr(doc, expr, options));
}
