import { Decimal128, Long } from 'bson';
import { evalExpr } from 'mingo/core';
import { MongoCommandError } from '../../errors.js';
import { partsOfDecimal } from '../../values/decimal.js';
import {
  arithmetic,
  divide,
  doubleValue,
  numericKind,
  toDouble,
  type NumericKind,
} from '../../values/numbers.js';
import {
  decimalOf,
  decimalToInteger,
  fitsInt64,
  integerOf,
  intOrLong,
  isDecimalNaN,
  isDecimalNegative,
  isDecimalZero,
  widerKind,
} from './numeric.js';
import {
  evaluateOperands,
  isNullish,
  operandsOf,
  typeName,
  type ExpressionFn,
} from './operands.js';

/**
 * `$add`, `$subtract`, `$multiply`, `$divide` and `$mod` with MongoDB's result types: the widest
 * numeric type of the operands; int32 results that overflow become int64, int64 results that
 * overflow become doubles; a decimal operand makes the result a decimal. Dates add and subtract
 * as milliseconds.
 */

function dateOverflow(): MongoCommandError {
  return new MongoCommandError('Overflow', 'date overflow');
}

const TWO_POW_63 = 2 ** 63;

/** A number as the milliseconds it adds to a date: doubles round half away from zero, decimals half to even. */
function millisecondsOf(value: unknown): bigint {
  const kind = numericKind(value);
  if (kind === 'double') {
    const n = toDouble(value);
    if (!(n >= -TWO_POW_63 && n < TWO_POW_63)) throw dateOverflow();
    return BigInt(Math.sign(n) * Math.round(Math.abs(n)));
  }
  if (kind === 'decimal') {
    const n = decimalToInteger(value as Decimal128, 'halfEven');
    if (n === undefined || !fitsInt64(n)) throw dateOverflow();
    return n;
  }
  return integerOf(value);
}

function addToDate(total: bigint, value: unknown): bigint {
  const sum = total + millisecondsOf(value);
  if (!fitsInt64(sum)) throw dateOverflow();
  return sum;
}

/** A running `$add` or `$multiply` total: exact integers, a double, or a decimal, by its kind. */
interface RunningTotal {
  kind: NumericKind;
  integer: bigint;
  double: number;
  decimal: Decimal128 | undefined;
}

/** The total as a value of its numeric type. */
function totalValue(total: RunningTotal): unknown {
  switch (total.kind) {
    case 'int':
      return intOrLong(total.integer);
    case 'long':
      return Long.fromBigInt(total.integer);
    case 'double':
      return doubleValue(total.double);
    case 'decimal':
      return total.decimal;
  }
}

/** The running state of `$add`: an integer, double or decimal total, or a date. */
class Sum {
  kind: NumericKind = 'int';
  integer = 0n;
  double = 0;
  decimal: Decimal128 | undefined;
  date = false;

  add(operand: unknown): void {
    if (operand instanceof Date) {
      if (this.date) {
        throw new MongoCommandError('Location16612', 'only one date allowed in an $add expression');
      }
      const numbersBefore = this.value();
      this.date = true;
      this.integer = addToDate(BigInt(operand.getTime()), numbersBefore);
      return;
    }
    if (this.date) {
      this.integer = addToDate(this.integer, operand);
      return;
    }
    const previous = this.kind;
    this.kind = widerKind(this.kind, numericKind(operand) as NumericKind);
    if (previous !== this.kind) this.#widen(previous);
    switch (this.kind) {
      case 'int':
      case 'long': {
        const next = this.integer + integerOf(operand);
        if (fitsInt64(next)) {
          this.integer = next;
        } else {
          this.kind = 'double';
          this.double = Number(this.integer) + toDouble(operand);
        }
        return;
      }
      case 'double':
        this.double += toDouble(operand);
        return;
      case 'decimal':
        this.decimal = arithmetic('add', this.decimal, operand) as Decimal128;
    }
  }

  #widen(previous: NumericKind): void {
    if (this.kind === 'double') this.double = Number(this.integer);
    if (this.kind === 'decimal') {
      this.decimal =
        previous === 'double' ? decimalOf(this.double) : decimalOf(intOrLong(this.integer));
    }
  }

  value(): unknown {
    if (this.date) return new Date(Number(this.integer));
    return totalValue(this);
  }
}

const $add: ExpressionFn = (obj, expr, options) => {
  const sum = new Sum();
  for (const operand of operandsOf(expr)) {
    const value = evalExpr(obj, operand, options);
    if (isNullish(value)) return null;
    if (numericKind(value) === undefined && !(value instanceof Date)) {
      throw new MongoCommandError(
        'TypeMismatch',
        `$add only supports numeric or date types, not ${typeName(value)}`,
      );
    }
    sum.add(value);
  }
  return sum.value();
};

function subtractNumbers(kind: NumericKind, lhs: unknown, rhs: unknown): unknown {
  if (kind === 'decimal') return arithmetic('subtract', decimalOf(lhs), decimalOf(rhs));
  if (kind === 'double') return doubleValue(toDouble(lhs) - toDouble(rhs));
  const difference = integerOf(lhs) - integerOf(rhs);
  if (kind === 'int') return intOrLong(difference);
  if (!fitsInt64(difference)) return doubleValue(toDouble(lhs) - toDouble(rhs));
  return Long.fromBigInt(difference);
}

function subtractFromDate(date: Date, rhs: unknown): unknown {
  if (rhs instanceof Date) return Long.fromNumber(date.getTime() - rhs.getTime());
  if (numericKind(rhs) === undefined) {
    throw new MongoCommandError('TypeMismatch', `can't $subtract ${typeName(rhs)} from Date`);
  }
  const millis = BigInt(date.getTime()) - millisecondsOf(rhs);
  if (!fitsInt64(millis)) throw dateOverflow();
  return new Date(Number(millis));
}

const $subtract: ExpressionFn = (obj, expr, options) => {
  const [lhs, rhs] = evaluateOperands('$subtract', obj, expr, options, 2);
  const kindL = numericKind(lhs);
  const kindR = numericKind(rhs);
  if (kindL !== undefined && kindR !== undefined) {
    return subtractNumbers(widerKind(kindL, kindR), lhs, rhs);
  }
  if (isNullish(lhs) || isNullish(rhs)) return null;
  if (lhs instanceof Date) return subtractFromDate(lhs, rhs);
  throw new MongoCommandError(
    'TypeMismatch',
    `can't $subtract ${typeName(rhs)} from ${typeName(lhs)}`,
  );
};

/** The running state of `$multiply`: integer and double products side by side, or a decimal one. */
class Product {
  kind: NumericKind = 'int';
  integer = 1n;
  double = 1;
  decimal: Decimal128 | undefined;

  multiply(operand: unknown): void {
    const previous = this.kind;
    this.kind = widerKind(this.kind, numericKind(operand) as NumericKind);
    if (this.kind === 'decimal') {
      if (previous !== 'decimal') {
        this.decimal =
          previous === 'double' ? decimalOf(this.double) : decimalOf(intOrLong(this.integer));
      }
      this.decimal = arithmetic('multiply', this.decimal, decimalOf(operand)) as Decimal128;
      return;
    }
    const factor = toDouble(operand);
    this.double *= factor;
    if (this.kind === 'double') return;
    const next = Number.isFinite(factor) ? this.integer * integerOf(operand) : undefined;
    if (next === undefined || !fitsInt64(next)) this.kind = 'double';
    else this.integer = next;
  }

  value(): unknown {
    return totalValue(this);
  }
}

const $multiply: ExpressionFn = (obj, expr, options) => {
  const product = new Product();
  for (const operand of operandsOf(expr)) {
    const value = evalExpr(obj, operand, options);
    if (isNullish(value)) return null;
    if (numericKind(value) === undefined) {
      throw new MongoCommandError(
        'TypeMismatch',
        `$multiply only supports numeric types, not ${typeName(value)}`,
      );
    }
    product.multiply(value);
  }
  return product.value();
};

function divideByZero(): MongoCommandError {
  return new MongoCommandError('BadValue', "can't $divide by zero");
}

const $divide: ExpressionFn = (obj, expr, options) => {
  const [lhs, rhs] = evaluateOperands('$divide', obj, expr, options, 2);
  const kindL = numericKind(lhs);
  const kindR = numericKind(rhs);
  if (kindL !== undefined && kindR !== undefined) {
    if (kindL === 'decimal' || kindR === 'decimal') {
      const divisor = decimalOf(rhs);
      if (isDecimalZero(divisor)) throw divideByZero();
      return divide(decimalOf(lhs), divisor);
    }
    if (toDouble(rhs) === 0) throw divideByZero();
    return doubleValue(toDouble(lhs) / toDouble(rhs));
  }
  if (isNullish(lhs) || isNullish(rhs)) return null;
  throw new MongoCommandError(
    'TypeMismatch',
    `$divide only supports numeric types, not ${typeName(lhs)} and ${typeName(rhs)}`,
  );
};

/**
 * The remainder of the truncated division of two decimals (C's fmod), at the smaller exponent of
 * the two and with the dividend's sign. NaN for a NaN operand or an infinite dividend; an
 * infinite divisor leaves the dividend.
 */
function decimalRemainder(lhs: Decimal128, rhs: Decimal128): Decimal128 {
  const x = partsOfDecimal(lhs);
  const y = partsOfDecimal(rhs);
  if (x === undefined) return Decimal128.fromString('NaN');
  if (y === undefined) return isDecimalNaN(rhs) ? rhs : lhs;
  const exponent = Math.min(x.exponent, y.exponent);
  const a = x.coefficient * 10n ** BigInt(x.exponent - exponent);
  const b = y.coefficient * 10n ** BigInt(y.exponent - exponent);
  const remainder = a % b;
  const magnitude = remainder < 0n ? -remainder : remainder;
  const sign = isDecimalNegative(lhs) ? '-' : '';
  return Decimal128.fromString(`${sign}${magnitude.toString()}E${exponent}`);
}

const $mod: ExpressionFn = (obj, expr, options) => {
  const [lhs, rhs] = evaluateOperands('$mod', obj, expr, options, 2);
  const kindL = numericKind(lhs);
  const kindR = numericKind(rhs);
  if (kindL !== undefined && kindR !== undefined) {
    if (kindL === 'decimal' || kindR === 'decimal') {
      const divisor = decimalOf(rhs);
      if (isDecimalZero(divisor)) {
        throw new MongoCommandError('Location5733415', "can't $mod by zero");
      }
      return decimalRemainder(decimalOf(lhs), divisor);
    }
    if (toDouble(rhs) === 0) throw new MongoCommandError('Location16610', "can't $mod by zero");
    if (kindL === 'double' || kindR === 'double') return doubleValue(toDouble(lhs) % toDouble(rhs));
    const remainder = integerOf(lhs) % integerOf(rhs);
    return kindL === 'long' || kindR === 'long' ? Long.fromBigInt(remainder) : Number(remainder);
  }
  if (isNullish(lhs) || isNullish(rhs)) return null;
  throw new MongoCommandError(
    'Location16611',
    `$mod only supports numeric types, not ${typeName(lhs)} and ${typeName(rhs)}`,
  );
};

export const ARITHMETIC_OPERATORS: Record<string, ExpressionFn> = {
  $add,
  $subtract,
  $multiply,
  $divide,
  $mod,
};
