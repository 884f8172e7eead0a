import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { MongoCommandError } from '../../errors.js';
import { bsonTypeOf } from '../../values/types.js';

/** An expression operator as the aggregation engine calls it: the document, the operand, the options. */
export type ExpressionFn = (obj: unknown, expr: unknown, options: Options) => unknown;

/** An operator's operands as written: an array is the list of operands, anything else is one. */
export function operandsOf(expr: unknown): unknown[] {
  return Array.isArray(expr) ? expr : [expr];
}

export function arityError(name: string, expected: number, got: number): MongoCommandError {
  return new MongoCommandError(
    'Location16020',
    `Expression ${name} takes exactly ${expected} arguments. ${got} were passed in.`,
  );
}

/** The operands of a fixed-arity operator, checked for their number and evaluated in order. */
export function evaluateOperands(
  name: string,
  obj: unknown,
  expr: unknown,
  options: Options,
  arity: number,
): unknown[] {
  const operands = operandsOf(expr);
  if (operands.length !== arity) throw arityError(name, arity, operands.length);
  return operands.map((operand) => evalExpr(obj, operand, options));
}

/** Null, undefined or missing: what makes most expressions answer null. */
export function isNullish(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/** The type name MongoDB's messages use; a missing value is "missing". */
export function typeName(value: unknown): string {
  return value === undefined ? 'missing' : bsonTypeOf(value);
}
