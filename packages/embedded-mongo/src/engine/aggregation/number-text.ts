import { Decimal128 } from 'bson';
import { INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN } from './numeric.js';

/**
 * Numbers to and from text as `$convert` does it: doubles written in their shortest exact form
 * (fixed notation for exponents from -4 to 15, else `1e+16`, `1.5e-05`), strings read by
 * MongoDB's number parser with its reasons for refusing ("Did not consume whole string.", ...).
 */

export function formatDouble(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const [mantissa = '0', exponentText = '0'] = n.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 16) return String(n);
  const digits = Math.abs(exponent).toString().padStart(2, '0');
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${digits}`;
}

/** A parsed number, or the parser's reason for refusing the text. */
export type Parsed<T> = { value: T } | { reason: string };

/** A base-10 integer in [min, max]: an optional sign, then digits only. */
function parseInteger(text: string, min: bigint, max: bigint): Parsed<bigint> {
  let digits = text;
  let negative = false;
  if (digits.startsWith('-') || digits.startsWith('+')) {
    negative = digits.startsWith('-');
    digits = digits.slice(1);
  }
  if (digits.length === 0) return { reason: 'No digits' };
  const consumed = /^\d*/.exec(digits)?.[0] ?? '';
  if (consumed.length !== digits.length) return { reason: 'Did not consume whole string.' };
  const magnitude = BigInt(consumed);
  if (magnitude >= 2n ** 64n) return { reason: 'Overflow' };
  const value = negative ? -magnitude : magnitude;
  if (value < min || value > max) return { reason: 'Overflow' };
  return { value };
}

export function parseInt32(text: string): Parsed<number> {
  const parsed = parseInteger(text, INT32_MIN, INT32_MAX);
  return 'value' in parsed ? { value: Number(parsed.value) } : parsed;
}

export function parseInt64(text: string): Parsed<bigint> {
  return parseInteger(text, INT64_MIN, INT64_MAX);
}

/** What C's strtod (and Decimal128's parser) reads: a decimal number, or inf, infinity and nan in any case. */
const NUMBER_PREFIX = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|inf(?:inity)?|nan)/i;

export function parseDouble(text: string): Parsed<number> {
  if (text.length === 0) return { reason: 'Empty string' };
  if (/^\s/.test(text)) return { reason: 'Leading whitespace' };
  const consumed = NUMBER_PREFIX.exec(text)?.[0];
  if (consumed === undefined) return { reason: 'Did not consume any digits' };
  const body = consumed.replace(/^[+-]/, '').toLowerCase();
  const negative = consumed.startsWith('-');
  let value: number;
  if (body.startsWith('inf')) value = negative ? -Infinity : Infinity;
  else if (body === 'nan') value = Number.NaN;
  else {
    value = Number(consumed);
    const mantissaIsZero = !/[1-9]/.test(body.split('e')[0] ?? '');
    if (!Number.isFinite(value) || (value === 0 && !mantissaIsZero))
      return { reason: 'Out of range' };
  }
  if (consumed.length !== text.length) return { reason: 'Did not consume whole string.' };
  return { value };
}

export function parseDecimal(text: string): Parsed<Decimal128> {
  if (text.length === 0) return { reason: 'Empty string' };
  const consumed = NUMBER_PREFIX.exec(text)?.[0];
  if (consumed === undefined) return { reason: 'Failed to parse string to decimal' };
  if (consumed.length !== text.length) return { reason: 'Did not consume whole string.' };
  const body = consumed.replace(/^[+-]/, '').toLowerCase();
  const sign = consumed.startsWith('-') ? '-' : '';
  if (body.startsWith('inf')) return { value: Decimal128.fromString(`${sign}Infinity`) };
  if (body === 'nan') return { value: Decimal128.fromString('NaN') };
  try {
    return { value: Decimal128.fromStringWithRounding(consumed) };
  } catch {
    return { reason: 'Conversion from string to decimal would overflow' };
  }
}
