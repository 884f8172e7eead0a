import { Decimal128 } from 'bson';
import { Decimal } from 'decimal.js';

/**
 * Decimal128 results of the functions decimal.js computes (square root, powers, logarithms,
 * exponentials): 34 significant digits, rounded half to even, as Decimal128 keeps them.
 */
const Decimal34 = Decimal.clone({
  precision: 34,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -7000,
  toExpPos: 7000,
});

const MAX_EXPONENT = 6144;
const MIN_EXPONENT = -6176;

function toDecimal128(value: Decimal): Decimal128 {
  if (value.isNaN()) return Decimal128.fromString('NaN');
  if (!value.isFinite())
    return Decimal128.fromString(value.isNegative() ? '-Infinity' : 'Infinity');
  if (value.e > MAX_EXPONENT) {
    return Decimal128.fromString(value.isNegative() ? '-Infinity' : 'Infinity');
  }
  if (value.e < MIN_EXPONENT) return Decimal128.fromString(value.isNegative() ? '-0' : '0');
  return Decimal128.fromString(value.toExponential());
}

function of(value: Decimal128): Decimal {
  return new Decimal34(value.toString());
}

export function decimalSqrt(value: Decimal128): Decimal128 {
  return toDecimal128(of(value).sqrt());
}

export function decimalExp(value: Decimal128): Decimal128 {
  return toDecimal128(of(value).exp());
}

export function decimalLn(value: Decimal128): Decimal128 {
  return toDecimal128(of(value).ln());
}

export function decimalLog10(value: Decimal128): Decimal128 {
  return toDecimal128(of(value).log(10));
}

/** `log_base(value)` as MongoDB computes it: ln(value) / ln(base), each step rounded to 34 digits. */
export function decimalLog(value: Decimal128, base: Decimal128): Decimal128 {
  const numerator = new Decimal34(toDecimal128(of(value).ln()).toString());
  const denominator = new Decimal34(toDecimal128(of(base).ln()).toString());
  return toDecimal128(numerator.dividedBy(denominator));
}

export function decimalPow(base: Decimal128, exponent: Decimal128): Decimal128 {
  return toDecimal128(of(base).pow(of(exponent)));
}

export function decimalAbs(value: Decimal128): Decimal128 {
  const text = value.toString();
  return text.startsWith('-') ? Decimal128.fromString(text.slice(1)) : value;
}

export function decimalCompareToZero(value: Decimal128): number {
  const d = of(value);
  if (d.isNaN()) return Number.NaN;
  return d.isZero() ? 0 : d.isNegative() ? -1 : 1;
}
