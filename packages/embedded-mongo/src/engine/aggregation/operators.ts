import { TYPED_ACCUMULATORS, ACCUMULATOR_EXPRESSIONS, type AccumulatorFn } from './accumulators.js';
import { ARITHMETIC_OPERATORS } from './arithmetic.js';
import { BOOLEAN_OPERATORS } from './boolean.js';
import { $bucket } from './bucket.js';
import { COMPARISON_OPERATORS } from './comparison.js';
import { CONVERSION_OPERATORS } from './conversion.js';
import { $count, $sortByCount } from './count.js';
import { $group, type StageFn } from './group.js';
import { MATH_OPERATORS } from './math.js';
import type { ExpressionFn } from './operands.js';

/**
 * The server's own aggregation operators, registered ahead of the aggregation engine's: these
 * know the BSON type every value carries (`values/types.ts`), which the engine's built-ins,
 * written for plain JS numbers, do not.
 */
export const TYPED_EXPRESSION_OPERATORS: Record<string, ExpressionFn> = {
  ...ARITHMETIC_OPERATORS,
  ...MATH_OPERATORS,
  ...COMPARISON_OPERATORS,
  ...CONVERSION_OPERATORS,
  ...ACCUMULATOR_EXPRESSIONS,
  ...BOOLEAN_OPERATORS,
};

export const TYPED_ACCUMULATOR_OPERATORS: Record<string, AccumulatorFn> = TYPED_ACCUMULATORS;

export const TYPED_STAGES: Record<string, StageFn> = { $group, $count, $sortByCount, $bucket };
