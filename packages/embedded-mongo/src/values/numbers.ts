import { Decimal128, Double, Long, Timestamp } from 'bson';
import { Decimal } from 'decimal.js';
import {
  addDecimals,
  divideDecimals,
  multiplyDecimals,
  partsOfDecimal,
  partsOfDouble,
  partsOfInteger,
  subtractDecimals,
  toDecimal128,
  type DecimalParts,
} from './decimal.js';
import { isInt32 } from './types.js';

/** The four numeric BSON types, widest last: an operation's result takes the widest of its inputs. */
export type NumericKind = 'int' | 'long' | 'double' | 'decimal';

const WIDTH: Readonly<Record<NumericKind, number>> = { int: 0, long: 1, double: 2, decimal: 3 };

/**
 * Decimal arithmetic as Decimal128 does it: 34 significant digits, rounded half to even.
 * Comparisons never round (a Decimal holds every digit it was made from), so exact values of
 * doubles and int64s compare exactly against decimals.
 */
const Decimal34 = Decimal.clone({ precision: 34, rounding: Decimal.ROUND_HALF_EVEN });

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function numericKind(value: unknown): NumericKind | undefined {
  if (typeof value === 'number') return isInt32(value) ? 'int' : 'double';
  if (value instanceof Double) return 'double';
  if (value instanceof Timestamp) return undefined;
  if (value instanceof Long) return 'long';
  if (value instanceof Decimal128) return 'decimal';
  return undefined;
}

/** The value as a JS number (an int64 or decimal rounded to the nearest double). */
export function toDouble(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value instanceof Double) return value.value;
  if (value instanceof Long && !(value instanceof Timestamp)) return value.toNumber();
  if (value instanceof Decimal128) return Number(value.toString());
  return Number.NaN;
}

/** The exact decimal digits of a finite double (every double is a finite binary fraction). */
function exactDecimalOfDouble(value: number): Decimal {
  if (Number.isInteger(value)) return new Decimal(BigInt(value).toString());
  // value = m / 2^k exactly, with m an integer: its decimal expansion is m * 5^k / 10^k.
  let k = 0n;
  let scaled = value;
  while (!Number.isInteger(scaled)) {
    scaled *= 2;
    k += 1n;
  }
  const digits = (BigInt(scaled) * 5n ** k).toString();
  const negative = digits.startsWith('-');
  const magnitude = (negative ? digits.slice(1) : digits).padStart(Number(k) + 1, '0');
  const point = magnitude.length - Number(k);
  return new Decimal(
    `${negative ? '-' : ''}${magnitude.slice(0, point)}.${magnitude.slice(point)}`,
  );
}

/** The exact value as a Decimal; NaN and infinities as Decimal's own. */
export function toExactDecimal(value: unknown): Decimal {
  if (value instanceof Decimal128) return new Decimal(value.toString());
  if (value instanceof Long && !(value instanceof Timestamp)) return new Decimal(value.toString());
  const n = toDouble(value);
  if (!Number.isFinite(n)) return new Decimal(n);
  return exactDecimalOfDouble(n);
}

export function isNaNValue(value: unknown): boolean {
  if (value instanceof Decimal128) return value.toString() === 'NaN';
  return Number.isNaN(toDouble(value));
}

/**
 * Compares two numbers of any numeric type by exact value, as MongoDB sorts them: NaN first,
 * then by value (-0 equals 0). Only mixed comparisons that a double cannot settle exactly (a
 * decimal, or an int64 beyond 2^53) take the slow exact path.
 */
export function compareNumbers(a: unknown, b: unknown): number {
  const nanA = isNaNValue(a);
  const nanB = isNaNValue(b);
  if (nanA || nanB) return nanA === nanB ? 0 : nanA ? -1 : 1;
  const kindA = numericKind(a);
  const kindB = numericKind(b);
  if (kindA !== 'decimal' && kindB !== 'decimal') {
    if (kindA === 'long' && kindB === 'long') return (a as Long).compare(b as Long);
    const x = toDouble(a);
    const y = toDouble(b);
    const exact =
      (kindA !== 'long' || Number.isSafeInteger(x)) &&
      (kindB !== 'long' || Number.isSafeInteger(y));
    if (exact || x !== y) return x < y ? -1 : x > y ? 1 : 0;
  }
  return toExactDecimal(a).comparedTo(toExactDecimal(b));
}

export function numbersEqual(a: unknown, b: unknown): boolean {
  return compareNumbers(a, b) === 0;
}

/**
 * The canonical text of a number's exact value, equal for two numbers exactly when MongoDB
 * treats them as equal (int 1, double 1.0, long 1 and decimal 1.00 share "1").
 */
export function numberKey(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value))
    return value === 0 ? '0' : String(value);
  if (isNaNValue(value)) return 'NaN';
  if (value instanceof Long && !(value instanceof Timestamp)) return value.toString();
  const exact = toExactDecimal(value);
  return exact.isZero() ? '0' : exact.toString();
}

function fromBigInt(value: bigint): number | Long {
  if (value >= -2_147_483_648n && value <= 2_147_483_647n) return Number(value);
  return Long.fromBigInt(value);
}

function asBigInt(value: unknown): bigint {
  if (typeof value === 'number') return BigInt(value);
  return (value as Long).toBigInt();
}

/** A double as the server holds it: an integral one within the int32 range keeps its type in a box. */
export function doubleValue(value: number): number | Double {
  return isInt32(value) ? new Double(value) : value;
}

export function decimalValue(value: Decimal): Decimal128 {
  return Decimal128.fromString(value.toString());
}

function widest(a: NumericKind, b: NumericKind): NumericKind {
  return WIDTH[a] >= WIDTH[b] ? a : b;
}

export type ArithmeticOperator = 'add' | 'subtract' | 'multiply';

/** A finite number as decimal coefficient and exponent, the way MongoDB's decimal arithmetic reads it. */
function decimalParts(value: unknown): DecimalParts | undefined {
  if (value instanceof Decimal128) return partsOfDecimal(value);
  if (value instanceof Long && !(value instanceof Timestamp))
    return partsOfInteger(value.toBigInt());
  const n = toDouble(value);
  if (!Number.isFinite(n)) return undefined;
  return typeof value === 'number' && isInt32(value) ? partsOfInteger(BigInt(n)) : partsOfDouble(n);
}

function decimalArithmetic(op: ArithmeticOperator | 'divide', a: unknown, b: unknown): Decimal128 {
  const x = decimalParts(a);
  const y = decimalParts(b);
  const divisorIsZero = op === 'divide' && y !== undefined && y.coefficient === 0n;
  if (x === undefined || y === undefined || divisorIsZero) {
    // NaN, infinities and division by zero: the value is all that matters.
    const p = new Decimal34(toExactDecimal(a));
    const q = new Decimal34(toExactDecimal(b));
    const result =
      op === 'add'
        ? p.plus(q)
        : op === 'subtract'
          ? p.minus(q)
          : op === 'multiply'
            ? p.times(q)
            : p.dividedBy(q);
    return decimalValue(result);
  }
  const parts =
    op === 'add'
      ? addDecimals(x, y)
      : op === 'subtract'
        ? subtractDecimals(x, y)
        : op === 'multiply'
          ? multiplyDecimals(x, y)
          : divideDecimals(x, y);
  return toDecimal128(parts);
}

/**
 * `a <op> b` with MongoDB's result types: the wider type of the two; int32 results that
 * overflow become int64; int64 results that overflow become doubles (what `$add` does; `$inc`
 * and `$mul` refuse that case, see `arithmeticOverflows`).
 */
export function arithmetic(op: ArithmeticOperator, a: unknown, b: unknown): unknown {
  const kindA = numericKind(a);
  const kindB = numericKind(b);
  if (kindA === undefined || kindB === undefined) return undefined;
  const kind = widest(kindA, kindB);
  if (kind === 'decimal') return decimalArithmetic(op, a, b);
  if (kind === 'double') {
    const x = toDouble(a);
    const y = toDouble(b);
    return doubleValue(op === 'add' ? x + y : op === 'subtract' ? x - y : x * y);
  }
  const x = asBigInt(a);
  const y = asBigInt(b);
  const result = op === 'add' ? x + y : op === 'subtract' ? x - y : x * y;
  if (result < INT64_MIN || result > INT64_MAX) return doubleValue(Number(result));
  if (kind === 'int') return fromBigInt(result);
  return Long.fromBigInt(result);
}

/** True when an int64 `a <op> b` leaves the int64 range (`$inc` and `$mul` refuse it). */
export function arithmeticOverflows(op: ArithmeticOperator, a: unknown, b: unknown): boolean {
  const kindA = numericKind(a);
  const kindB = numericKind(b);
  if (kindA === undefined || kindB === undefined) return false;
  const kind = widest(kindA, kindB);
  if (kind !== 'int' && kind !== 'long') return false;
  const x = asBigInt(a);
  const y = asBigInt(b);
  const result = op === 'add' ? x + y : op === 'subtract' ? x - y : x * y;
  return result < INT64_MIN || result > INT64_MAX;
}

/** `a / b`: a double, or a decimal when either is a decimal (MongoDB's `$divide`). */
export function divide(a: unknown, b: unknown): unknown {
  if (numericKind(a) === 'decimal' || numericKind(b) === 'decimal') {
    return decimalArithmetic('divide', a, b);
  }
  return doubleValue(toDouble(a) / toDouble(b));
}
