import { Decimal128, Long } from 'bson';
import { Decimal } from 'decimal.js';
import {
  partsOfDecimal,
  partsOfDouble,
  partsOfInteger,
  toDecimal128,
} from '../../values/decimal.js';
import { numericKind, toDouble, toExactDecimal, type NumericKind } from '../../values/numbers.js';

/**
 * The coercions MongoDB's aggregation expressions apply to their numeric operands (what its
 * `coerceToLong`, `coerceToDecimal` and `createIntOrLong` do), on the server's representation
 * of numbers (`values/types.ts`).
 */

export const INT32_MIN = -(2n ** 31n);
export const INT32_MAX = 2n ** 31n - 1n;
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

const WIDTH: Readonly<Record<NumericKind, number>> = { int: 0, long: 1, double: 2, decimal: 3 };

export function widerKind(a: NumericKind, b: NumericKind): NumericKind {
  return WIDTH[a] >= WIDTH[b] ? a : b;
}

/** The value of an int32 or int64. */
export function integerOf(value: unknown): bigint {
  if (typeof value === 'number') return BigInt(value);
  return (value as Long).toBigInt();
}

export function fitsInt64(value: bigint): boolean {
  return value >= INT64_MIN && value <= INT64_MAX;
}

/** An integer result of int32 operands: an int32 when it fits, an int64 otherwise. */
export function intOrLong(value: bigint): number | Long {
  return value >= INT32_MIN && value <= INT32_MAX ? Number(value) : Long.fromBigInt(value);
}

/** A number as a Decimal128 the way MongoDB converts operands: integers exactly, a double to 15 digits. */
export function decimalOf(value: unknown): Decimal128 {
  if (value instanceof Decimal128) return value;
  if (numericKind(value) === 'double') {
    const n = toDouble(value);
    if (!Number.isFinite(n)) return specialDecimal(n);
    return toDecimal128(partsOfDouble(n));
  }
  return toDecimal128(partsOfInteger(integerOf(value)));
}

/** A double as a Decimal128 rounded to 34 significant digits (what `$sum` and `$round` use). */
export function decimalOfDouble34(value: number): Decimal128 {
  if (!Number.isFinite(value)) return specialDecimal(value);
  const exact = toExactDecimal(value);
  if (exact.isZero()) return Decimal128.fromString(Object.is(value, -0) ? '-0' : '0');
  return Decimal128.fromString(exact.toSignificantDigits(34, Decimal.ROUND_HALF_EVEN).toString());
}

function specialDecimal(n: number): Decimal128 {
  return Decimal128.fromString(Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity');
}

export function isDecimalNaN(value: Decimal128): boolean {
  return value.toString() === 'NaN';
}

export function isDecimalInfinite(value: Decimal128): boolean {
  return value.toString().endsWith('Infinity');
}

export function isDecimalNegative(value: Decimal128): boolean {
  return value.toString().startsWith('-');
}

export function isDecimalZero(value: Decimal128): boolean {
  const parts = partsOfDecimal(value);
  return parts !== undefined && parts.coefficient === 0n;
}

export function isDecimalIntegral(value: Decimal128): boolean {
  const d = new Decimal(value.toString());
  return d.isFinite() && d.isInteger();
}

/** How a decimal result is rounded to the digits it keeps. */
export type RoundingMode = 'halfEven' | 'towardZero' | 'ceiling' | 'floor';

const DECIMAL_JS_ROUNDING: Readonly<Record<RoundingMode, Decimal.Rounding>> = {
  halfEven: Decimal.ROUND_HALF_EVEN,
  towardZero: Decimal.ROUND_DOWN,
  ceiling: Decimal.ROUND_CEIL,
  floor: Decimal.ROUND_FLOOR,
};

function divideRounded(n: bigint, divisor: bigint, mode: RoundingMode): bigint {
  const quotient = n / divisor;
  const remainder = n % divisor;
  if (remainder === 0n) return quotient;
  const negative = n < 0n;
  switch (mode) {
    case 'towardZero':
      return quotient;
    case 'ceiling':
      return negative ? quotient : quotient + 1n;
    case 'floor':
      return negative ? quotient - 1n : quotient;
    case 'halfEven': {
      const twice = (remainder < 0n ? -remainder : remainder) * 2n;
      const away = twice > divisor || (twice === divisor && quotient % 2n !== 0n);
      return away ? quotient + (negative ? -1n : 1n) : quotient;
    }
  }
}

/**
 * The decimal rounded to the given exponent (IEEE 754 quantize): `quantize(1.2345, -2)` is 1.23,
 * `quantize(1.2, -3)` is 1.200. NaN and the infinities stay what they are; a result that needs
 * more than 34 digits is NaN, as Decimal128 answers.
 */
export function quantize(value: Decimal128, exponent: number, mode: RoundingMode): Decimal128 {
  const parts = partsOfDecimal(value);
  if (parts === undefined) return value;
  let coefficient: bigint;
  if (parts.exponent >= exponent) {
    coefficient = parts.coefficient * 10n ** BigInt(parts.exponent - exponent);
  } else {
    coefficient = divideRounded(parts.coefficient, 10n ** BigInt(exponent - parts.exponent), mode);
  }
  const digits = (coefficient < 0n ? -coefficient : coefficient).toString();
  if (digits.length > 34) return Decimal128.fromString('NaN');
  const sign = coefficient < 0n || (coefficient === 0n && isDecimalNegative(value)) ? '-' : '';
  return Decimal128.fromString(`${sign}${digits}E${exponent}`);
}

/** The decimal as an integer rounded by `mode`; undefined for NaN and the infinities. */
export function decimalToInteger(value: Decimal128, mode: RoundingMode): bigint | undefined {
  const d = new Decimal(value.toString());
  if (!d.isFinite()) return undefined;
  return BigInt(d.toDecimalPlaces(0, DECIMAL_JS_ROUNDING[mode]).toFixed());
}
