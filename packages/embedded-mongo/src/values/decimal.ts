import { Decimal128 } from 'bson';

/**
 * Decimal128 arithmetic as IEEE 754-2008 decimal (and MongoDB) does it: a coefficient and an
 * exponent, so results keep their scale (1.5 × 2 is 3.0, 1.50 + 1 is 2.50), rounded half to even
 * to 34 significant digits when they do not fit. Held as a BigInt coefficient; NaN and the
 * infinities are left to the caller.
 */
export interface DecimalParts {
  coefficient: bigint;
  exponent: number;
}

const MAX_DIGITS = 34;

export function partsOfDecimal(value: Decimal128): DecimalParts | undefined {
  const text = value.toString();
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:E([+-]\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exp = '0'] = match;
  const coefficient = BigInt(`${sign}${whole}${fraction}`);
  return { coefficient, exponent: Number(exp) - fraction.length };
}

export function partsOfInteger(value: bigint): DecimalParts {
  return { coefficient: value, exponent: 0 };
}

/**
 * A double as MongoDB converts it to a decimal for arithmetic: rounded to 15 significant digits
 * (so 0.1 is 0.100000000000000, not the double's full binary expansion).
 */
export function partsOfDouble(value: number): DecimalParts {
  if (value === 0) return { coefficient: 0n, exponent: 0 };
  const [mantissa = '0', exp = '0'] = value.toExponential(14).split('e');
  const digits = mantissa.replace('.', '');
  return { coefficient: BigInt(digits), exponent: Number(exp) - 14 };
}

function digitCount(n: bigint): number {
  return (n < 0n ? -n : n).toString().length;
}

/** Rounds half to even to at most 34 significant digits. */
function rounded(parts: DecimalParts): DecimalParts {
  let { coefficient, exponent } = parts;
  const excess = digitCount(coefficient) - MAX_DIGITS;
  if (excess <= 0) return parts;
  const divisor = 10n ** BigInt(excess);
  const negative = coefficient < 0n;
  const magnitude = negative ? -coefficient : coefficient;
  let quotient = magnitude / divisor;
  const remainder = magnitude % divisor;
  const twice = remainder * 2n;
  if (twice > divisor || (twice === divisor && quotient % 2n === 1n)) quotient += 1n;
  coefficient = negative ? -quotient : quotient;
  exponent += excess;
  return digitCount(coefficient) > MAX_DIGITS
    ? rounded({ coefficient, exponent })
    : { coefficient, exponent };
}

export function toDecimal128(parts: DecimalParts): Decimal128 {
  const { coefficient, exponent } = rounded(parts);
  return Decimal128.fromString(`${coefficient.toString()}E${exponent}`);
}

function aligned(a: DecimalParts, b: DecimalParts): [bigint, bigint, number] {
  const exponent = Math.min(a.exponent, b.exponent);
  return [
    a.coefficient * 10n ** BigInt(a.exponent - exponent),
    b.coefficient * 10n ** BigInt(b.exponent - exponent),
    exponent,
  ];
}

export function addDecimals(a: DecimalParts, b: DecimalParts): DecimalParts {
  const [x, y, exponent] = aligned(a, b);
  return { coefficient: x + y, exponent };
}

export function subtractDecimals(a: DecimalParts, b: DecimalParts): DecimalParts {
  const [x, y, exponent] = aligned(a, b);
  return { coefficient: x - y, exponent };
}

export function multiplyDecimals(a: DecimalParts, b: DecimalParts): DecimalParts {
  return { coefficient: a.coefficient * b.coefficient, exponent: a.exponent + b.exponent };
}

/**
 * `a / b` (b not zero): the exact quotient when it has at most 34 digits, written with the
 * exponent closest to `a.exponent - b.exponent`; otherwise the quotient rounded to 34 digits.
 */
export function divideDecimals(a: DecimalParts, b: DecimalParts): DecimalParts {
  const preferred = a.exponent - b.exponent;
  // Scale the dividend so the quotient carries 34 digits and one more for rounding.
  const scale = MAX_DIGITS + 1 + Math.max(0, digitCount(b.coefficient) - digitCount(a.coefficient));
  const dividend = a.coefficient * 10n ** BigInt(scale);
  let coefficient = dividend / b.coefficient;
  let exponent = preferred - scale;
  const exact = dividend % b.coefficient === 0n;
  if (!exact) {
    // A sticky digit keeps half-even rounding honest for a remainder that is not zero.
    coefficient = coefficient * 10n + (coefficient >= 0n ? 1n : -1n);
    exponent -= 1;
    return rounded({ coefficient, exponent });
  }
  // Exact: drop trailing zeros while the exponent stays at or below the preferred one.
  while (exponent < preferred && coefficient !== 0n && coefficient % 10n === 0n) {
    coefficient /= 10n;
    exponent += 1;
  }
  if (coefficient === 0n) exponent = preferred;
  return rounded({ coefficient, exponent });
}
