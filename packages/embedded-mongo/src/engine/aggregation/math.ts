import { Long, type Decimal128 } from 'bson';
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { MongoCommandError, type ErrorCodeName } from '../../errors.js';
import { compareNumbers, doubleValue, numericKind, toDouble } from '../../values/numbers.js';
import {
  decimalAbs,
  decimalCompareToZero,
  decimalExp,
  decimalLn,
  decimalLog,
  decimalLog10,
  decimalPow,
  decimalSqrt,
} from './decimal-functions.js';
import { messageNumber } from './message-number.js';
import {
  decimalOf,
  decimalOfDouble34,
  decimalToInteger,
  fitsInt64,
  INT64_MIN,
  integerOf,
  intOrLong,
  isDecimalInfinite,
  isDecimalIntegral,
  isDecimalNegative,
  isDecimalZero,
  quantize,
  type RoundingMode,
} from './numeric.js';
import {
  evaluateOperands,
  isNullish,
  operandsOf,
  typeName,
  type ExpressionFn,
} from './operands.js';

/**
 * The one-operand and two-operand math operators with MongoDB's result types: integers stay
 * integers where the result is integral ($abs, $ceil, $floor, $round, $trunc, $pow), doubles
 * stay doubles, decimals stay decimals; the transcendental functions answer a double, or a
 * decimal for a decimal operand.
 */

/** The operand of a one-operand operator: null for null or missing, else a number. */
function numericOperand(name: string, obj: unknown, expr: unknown, options: Options): unknown {
  const [value] = evaluateOperands(name, obj, expr, options, 1);
  if (isNullish(value)) return null;
  if (numericKind(value) === undefined) {
    throw new MongoCommandError(
      'Location28765',
      `${name} only supports numeric types, not ${typeName(value)}`,
    );
  }
  return value;
}

function unary(name: string, compute: (value: unknown) => unknown): ExpressionFn {
  return (obj, expr, options) => {
    const value = numericOperand(name, obj, expr, options);
    return value === null ? null : compute(value);
  };
}

const $abs = unary('$abs', (value) => {
  const kind = numericKind(value);
  if (kind === 'double') return doubleValue(Math.abs(toDouble(value)));
  if (kind === 'decimal') return decimalAbs(value as Decimal128);
  const n = integerOf(value);
  if (n === INT64_MIN)
    throw new MongoCommandError('Location28680', "can't take $abs of long long min");
  const abs = n < 0n ? -n : n;
  return kind === 'long' ? Long.fromBigInt(abs) : intOrLong(abs);
});

function rounding(name: string, mode: 'ceiling' | 'floor'): ExpressionFn {
  const round = mode === 'ceiling' ? Math.ceil : Math.floor;
  return unary(name, (value) => {
    const kind = numericKind(value);
    if (kind === 'double') return doubleValue(round(toDouble(value)));
    if (kind === 'decimal') return quantize(value as Decimal128, 0, mode);
    return value;
  });
}

const $exp = unary('$exp', (value) =>
  numericKind(value) === 'decimal'
    ? decimalExp(value as Decimal128)
    : doubleValue(Math.exp(toDouble(value))),
);

/** A logarithm's operand must be positive: decimals answer in decimal, the rest (and errors) in double. */
function logarithm(
  name: string,
  code: ErrorCodeName,
  decimalFn: (value: Decimal128) => Decimal128,
  doubleFn: (value: number) => number,
): ExpressionFn {
  return unary(name, (value) => {
    if (numericKind(value) === 'decimal' && decimalCompareToZero(value as Decimal128) > 0) {
      return decimalFn(value as Decimal128);
    }
    const n = toDouble(value);
    if (!(n > 0 || Number.isNaN(n))) {
      throw new MongoCommandError(
        code,
        `${name}'s argument must be a positive number, but is ${messageNumber(n)}`,
      );
    }
    return doubleValue(doubleFn(n));
  });
}

const $ln = logarithm('$ln', 'Location28766', decimalLn, Math.log);
const $log10 = logarithm('$log10', 'Location28761', decimalLog10, Math.log10);

const $log: ExpressionFn = (obj, expr, options) => {
  const [value, base] = evaluateOperands('$log', obj, expr, options, 2);
  if (isNullish(value) || isNullish(base)) return null;
  if (numericKind(value) === undefined) {
    throw new MongoCommandError(
      'Location28756',
      `$log's argument must be numeric, not ${typeName(value)}`,
    );
  }
  if (numericKind(base) === undefined) {
    throw new MongoCommandError(
      'Location28757',
      `$log's base must be numeric, not ${typeName(base)}`,
    );
  }
  if (numericKind(value) === 'decimal' || numericKind(base) === 'decimal') {
    const x = decimalOf(value);
    const b = decimalOf(base);
    if (decimalCompareToZero(x) > 0 && decimalCompareToZero(b) > 0 && compareNumbers(b, 1) !== 0) {
      return decimalLog(x, b);
    }
  }
  const x = toDouble(value);
  const b = toDouble(base);
  if (!(x > 0 || Number.isNaN(x))) {
    throw new MongoCommandError(
      'Location28758',
      `$log's argument must be a positive number, but is ${messageNumber(x)}`,
    );
  }
  if (!((b > 0 && b !== 1) || Number.isNaN(b))) {
    throw new MongoCommandError(
      'Location28759',
      `$log's base must be a positive number not equal to 1, but is ${messageNumber(b)}`,
    );
  }
  return doubleValue(Math.log(x) / Math.log(b));
};

const $sqrt = unary('$sqrt', (value) => {
  const negative = (): MongoCommandError =>
    new MongoCommandError('Location28714', "$sqrt's argument must be greater than or equal to 0");
  if (numericKind(value) === 'decimal') {
    if (decimalCompareToZero(value as Decimal128) < 0) throw negative();
    return decimalSqrt(value as Decimal128);
  }
  const n = toDouble(value);
  if (n < 0) throw negative();
  return doubleValue(Math.sqrt(n));
});

function integerPower(base: bigint, exponent: bigint, long: boolean): unknown {
  const result = (n: bigint): unknown => (long ? Long.fromBigInt(n) : intOrLong(n));
  if (base === 0n) return result(exponent === 0n ? 1n : 0n);
  if (base === 1n) return result(1n);
  if (base === -1n) return result(exponent % 2n === 0n ? 1n : -1n);
  if (exponent >= 0n && exponent <= 63n) {
    const power = base ** exponent;
    if (fitsInt64(power)) return result(power);
  }
  return doubleValue(Math.pow(Number(base), Number(exponent)));
}

const $pow: ExpressionFn = (obj, expr, options) => {
  const [base, exponent] = evaluateOperands('$pow', obj, expr, options, 2);
  if (isNullish(base) || isNullish(exponent)) return null;
  const baseKind = numericKind(base);
  const exponentKind = numericKind(exponent);
  if (baseKind === undefined) {
    throw new MongoCommandError(
      'Location28762',
      `$pow's base must be numeric, not ${typeName(base)}`,
    );
  }
  if (exponentKind === undefined) {
    throw new MongoCommandError(
      'Location28763',
      `$pow's exponent must be numeric, not ${typeName(exponent)}`,
    );
  }
  const zeroToNegative = (): MongoCommandError =>
    new MongoCommandError('Location28764', '$pow cannot take a base of 0 and a negative exponent');
  if (baseKind === 'decimal' || exponentKind === 'decimal') {
    const b = decimalOf(base);
    const e = decimalOf(exponent);
    if (isDecimalZero(b) && isDecimalNegative(e)) throw zeroToNegative();
    return decimalPow(b, e);
  }
  const b = toDouble(base);
  const e = toDouble(exponent);
  if (b === 0 && e < 0) throw zeroToNegative();
  if (baseKind === 'double' || exponentKind === 'double') return doubleValue(Math.pow(b, e));
  return integerPower(
    integerOf(base),
    integerOf(exponent),
    baseKind === 'long' || exponentKind === 'long',
  );
};

/** The integer value of a precision operand, or undefined when it has a fraction (or is no number). */
function integralValue(value: unknown): bigint | undefined {
  const kind = numericKind(value);
  if (kind === 'int' || kind === 'long') return integerOf(value);
  if (kind === 'double') {
    const n = toDouble(value);
    return Number.isInteger(n) ? BigInt(n) : undefined;
  }
  if (kind === 'decimal' && isDecimalIntegral(value as Decimal128)) {
    return decimalToInteger(value as Decimal128, 'towardZero');
  }
  return undefined;
}

function roundToPlace(name: string, mode: RoundingMode): ExpressionFn {
  return (obj, expr, options) => {
    const operands = operandsOf(expr);
    if (operands.length < 1 || operands.length > 2) {
      throw new MongoCommandError(
        'Location28667',
        `Expression ${name} takes at least 1 arguments, and at most 2, but ${operands.length} were passed in.`,
      );
    }
    const value = evalExpr(obj, operands[0], options);
    if (isNullish(value)) return null;
    const kind = numericKind(value);
    if (kind === undefined) {
      throw new MongoCommandError(
        'Location51081',
        `${name} only supports numeric types, not ${typeName(value)}`,
      );
    }
    let place = 0n;
    if (operands.length === 2) {
      const precision = evalExpr(obj, operands[1], options);
      if (isNullish(precision)) return null;
      const integral = integralValue(precision);
      if (integral === undefined) {
        throw new MongoCommandError(
          'Location51082',
          `precision argument to  ${name} must be a integral value`,
        );
      }
      if (integral < -20n || integral > 100n) {
        throw new MongoCommandError(
          'Location51083',
          `cannot apply ${name} with precision value ${integral} value must be in [-20, 100]`,
        );
      }
      place = integral;
    }
    const exponent = -Number(place);
    if (kind === 'decimal') {
      if (isDecimalInfinite(value as Decimal128)) return value;
      return quantize(value as Decimal128, exponent, mode);
    }
    if (kind === 'double') {
      const decimal = decimalOfDouble34(toDouble(value));
      if (isDecimalInfinite(decimal)) return value;
      return doubleValue(toDouble(quantize(decimal, exponent, mode)));
    }
    if (place >= 0n) return value;
    const n = integerOf(value);
    const rounded = decimalToInteger(quantize(decimalOf(value), exponent, mode), 'towardZero');
    if (rounded === undefined || !fitsInt64(rounded)) {
      throw new MongoCommandError(
        'Location51080',
        `invalid conversion from Decimal128 result in ${name} resulting from arguments: [${n}, ${place}]`,
      );
    }
    return kind === 'long' ? Long.fromBigInt(rounded) : intOrLong(rounded);
  };
}

export const MATH_OPERATORS: Record<string, ExpressionFn> = {
  $abs,
  $ceil: rounding('$ceil', 'ceiling'),
  $floor: rounding('$floor', 'floor'),
  $exp,
  $ln,
  $log,
  $log10,
  $pow,
  $sqrt,
  $round: roundToPlace('$round', 'halfEven'),
  $trunc: roundToPlace('$trunc', 'towardZero'),
};
