import { Decimal128, Long, ObjectId, type Timestamp } from 'bson';
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { MongoCommandError } from '../../errors.js';
import { doubleValue, numericKind, toDouble } from '../../values/numbers.js';
import {
  BSON_TYPE_NUMBERS,
  bsonTypeOf,
  isPlainObject,
  type BsonTypeName,
} from '../../values/types.js';
import { parseDateString } from './date-text.js';
import { messageNumber } from './message-number.js';
import { formatDouble, parseDecimal, parseDouble, parseInt32, parseInt64 } from './number-text.js';
import {
  decimalOf,
  decimalToInteger,
  integerOf,
  isDecimalInfinite,
  isDecimalNaN,
  isDecimalZero,
  INT32_MAX,
  INT32_MIN,
  INT64_MAX,
  INT64_MIN,
} from './numeric.js';
import { evaluateOperands, isNullish, typeName, type ExpressionFn } from './operands.js';

/**
 * `$convert` and its shorthands (`$toInt`, `$toLong`, `$toDouble`, `$toDecimal`, `$toString`,
 * `$toBool`, `$toDate`, `$toObjectId`), with the conversions MongoDB 7.0 allows and its
 * messages; `$type` and `$isNumber`, which tell the four numeric types apart.
 */

type Target = BsonTypeName | 'missing';

function conversionFailure(message: string): MongoCommandError {
  return new MongoCommandError('ConversionFailure', message);
}

function unsupported(input: unknown, target: Target): MongoCommandError {
  return conversionFailure(
    `Unsupported conversion from ${typeName(input)} to ${target} in $convert with no onError value`,
  );
}

function overflow(detail: string): MongoCommandError {
  return conversionFailure(
    `Conversion would overflow target type in $convert with no onError value: ${detail}`,
  );
}

function checkFinite(n: number): void {
  if (Number.isNaN(n)) {
    throw conversionFailure(
      'Attempt to convert NaN value to integer type in $convert with no onError value',
    );
  }
  if (!Number.isFinite(n)) {
    throw conversionFailure(
      'Attempt to convert infinity value to integer type in $convert with no onError value',
    );
  }
}

function doubleToInteger(n: number, min: bigint, max: bigint, maxExclusive: boolean): bigint {
  checkFinite(n);
  const tooLarge = maxExclusive ? n >= Number(max) : n > Number(max);
  if (n < Number(min) || tooLarge) throw overflow(messageNumber(n));
  return BigInt(Math.trunc(n));
}

function decimalToIntegerChecked(value: Decimal128, min: bigint, max: bigint): bigint {
  if (isDecimalNaN(value)) checkFinite(Number.NaN);
  if (isDecimalInfinite(value)) checkFinite(Infinity);
  const n = decimalToInteger(value, 'towardZero') as bigint;
  if (n < min || n > max) throw overflow(value.toString());
  return n;
}

function parseFailure(text: string, reason: string): MongoCommandError {
  return conversionFailure(
    `Failed to parse number '${text}' in $convert with no onError value: ${reason}`,
  );
}

function rejectHex(text: string): void {
  if (text.startsWith('0x') || text.startsWith('0X')) {
    throw conversionFailure(`Illegal hexadecimal input in $convert with no onError value: ${text}`);
  }
}

function toInt(input: unknown): unknown {
  switch (bsonTypeOf(input)) {
    case 'int':
      return input;
    case 'long':
      return Number(checkRange(integerOf(input), INT32_MIN, INT32_MAX, ''));
    case 'double':
      return Number(doubleToInteger(toDouble(input), INT32_MIN, INT32_MAX, false));
    case 'decimal':
      return Number(decimalToIntegerChecked(input as Decimal128, INT32_MIN, INT32_MAX));
    case 'bool':
      return input ? 1 : 0;
    case 'string': {
      rejectHex(input as string);
      const parsed = parseInt32(input as string);
      if ('reason' in parsed) throw parseFailure(input as string, parsed.reason);
      return parsed.value;
    }
    default:
      throw unsupported(input, 'int');
  }
}

function checkRange(n: bigint, min: bigint, max: bigint, detail: string): bigint {
  if (n < min || n > max) throw overflow(detail);
  return n;
}

function toLong(input: unknown): unknown {
  switch (bsonTypeOf(input)) {
    case 'int':
    case 'long':
      return Long.fromBigInt(integerOf(input));
    case 'double':
      return Long.fromBigInt(doubleToInteger(toDouble(input), INT64_MIN, INT64_MAX, true));
    case 'decimal':
      return Long.fromBigInt(decimalToIntegerChecked(input as Decimal128, INT64_MIN, INT64_MAX));
    case 'bool':
      return Long.fromNumber(input ? 1 : 0);
    case 'date':
      return Long.fromNumber((input as Date).getTime());
    case 'string': {
      rejectHex(input as string);
      const parsed = parseInt64(input as string);
      if ('reason' in parsed) throw parseFailure(input as string, parsed.reason);
      return Long.fromBigInt(parsed.value);
    }
    default:
      throw unsupported(input, 'long');
  }
}

function decimalToDouble(value: Decimal128): number {
  const n = toDouble(value);
  const lost =
    (!Number.isFinite(n) && !isDecimalInfinite(value)) || (n === 0 && !isDecimalZero(value));
  if (lost && !isDecimalNaN(value)) throw overflow(value.toString());
  return n;
}

function toDoubleValue(input: unknown): unknown {
  switch (bsonTypeOf(input)) {
    case 'int':
    case 'long':
    case 'double':
      return doubleValue(toDouble(input));
    case 'decimal':
      return doubleValue(decimalToDouble(input as Decimal128));
    case 'bool':
      return doubleValue(input ? 1 : 0);
    case 'date':
      return doubleValue((input as Date).getTime());
    case 'string': {
      rejectHex(input as string);
      const parsed = parseDouble(input as string);
      if ('reason' in parsed) throw parseFailure(input as string, parsed.reason);
      return doubleValue(parsed.value);
    }
    default:
      throw unsupported(input, 'double');
  }
}

function toDecimal(input: unknown): unknown {
  switch (bsonTypeOf(input)) {
    case 'int':
    case 'long':
    case 'double':
    case 'decimal':
      return decimalOf(input);
    case 'bool':
      return Decimal128.fromString(input ? '1' : '0');
    case 'date':
      return Decimal128.fromString(String((input as Date).getTime()));
    case 'string': {
      rejectHex(input as string);
      const parsed = parseDecimal(input as string);
      if ('reason' in parsed) throw parseFailure(input as string, parsed.reason);
      return parsed.value;
    }
    default:
      throw unsupported(input, 'decimal');
  }
}

function twoDigits(n: number): string {
  return n.toString().padStart(2, '0');
}

/** A date as `$toString` writes it: `%Y-%m-%dT%H:%M:%S.%LZ`. */
function formatDate(date: Date): string {
  const year = date.getUTCFullYear().toString().padStart(4, '0');
  const millis = date.getUTCMilliseconds().toString().padStart(3, '0');
  return `${year}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}T${twoDigits(
    date.getUTCHours(),
  )}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}.${millis}Z`;
}

function toStringValue(input: unknown): unknown {
  switch (bsonTypeOf(input)) {
    case 'string':
      return input;
    case 'int':
      return String(input);
    case 'long':
    case 'decimal':
      return (input as Long | Decimal128).toString();
    case 'double':
      return formatDouble(toDouble(input));
    case 'bool':
      return input ? 'true' : 'false';
    case 'date':
      return formatDate(input as Date);
    case 'objectId':
      return (input as ObjectId).toHexString();
    default:
      throw unsupported(input, 'string');
  }
}

function toBool(input: unknown): unknown {
  const kind = numericKind(input);
  if (kind === 'decimal') return !isDecimalZero(input as Decimal128);
  if (kind !== undefined) return toDouble(input) !== 0;
  return input !== false;
}

function numberToDate(input: unknown): Date {
  const kind = numericKind(input);
  if (kind === 'double') {
    return new Date(Number(doubleToInteger(toDouble(input), INT64_MIN, INT64_MAX, true)));
  }
  if (kind === 'decimal') {
    return new Date(Number(decimalToIntegerChecked(input as Decimal128, INT64_MIN, INT64_MAX)));
  }
  return new Date(Number(integerOf(input)));
}

function toDate(input: unknown): unknown {
  switch (bsonTypeOf(input)) {
    case 'date':
      return input;
    case 'long':
    case 'double':
    case 'decimal':
      return numberToDate(input);
    case 'objectId':
      return (input as ObjectId).getTimestamp();
    case 'timestamp':
      return new Date((input as Timestamp).getHighBitsUnsigned() * 1000);
    case 'string':
      return parseDateString(input as string);
    default:
      throw unsupported(input, 'date');
  }
}

function objectIdFailure(text: string, reason: string): MongoCommandError {
  return conversionFailure(
    `Failed to parse objectId '${text}' in $convert with no onError value: ${reason}`,
  );
}

function toObjectId(input: unknown): unknown {
  if (input instanceof ObjectId) return input;
  if (typeof input !== 'string') throw unsupported(input, 'objectId');
  if (input.length !== 24) {
    throw objectIdFailure(
      input,
      `Invalid string length for parsing to OID, expected 24 but found ${input.length}`,
    );
  }
  if (!/^[0-9a-fA-F]{24}$/.test(input)) {
    throw objectIdFailure(input, `Invalid character found in hex string: ${input}`);
  }
  return ObjectId.createFromHexString(input);
}

const CONVERSIONS: Partial<Record<Target, (input: unknown) => unknown>> = {
  int: toInt,
  long: toLong,
  double: toDoubleValue,
  decimal: toDecimal,
  string: toStringValue,
  bool: toBool,
  date: toDate,
  objectId: toObjectId,
};

const TYPE_NAMES = Object.keys(BSON_TYPE_NUMBERS) as BsonTypeName[];

/** The type a `to` operand names, by name or by BSON type number. */
function targetOf(to: unknown): Target {
  if (typeof to === 'string') {
    if (to === 'missing') return 'missing';
    if (!(TYPE_NAMES as string[]).includes(to)) {
      throw new MongoCommandError('BadValue', `Unknown type name: ${to}`);
    }
    return to as BsonTypeName;
  }
  const kind = numericKind(to);
  if (kind === undefined) {
    throw new MongoCommandError(
      'FailedToParse',
      `$convert's 'to' argument must be a string or number, but is ${typeName(to)}`,
    );
  }
  const code = toDouble(to);
  if (!Number.isInteger(code)) {
    throw new MongoCommandError(
      'FailedToParse',
      "In $convert, numeric 'to' argument is not an integer",
    );
  }
  const name = TYPE_NAMES.find((n) => BSON_TYPE_NUMBERS[n] === code);
  if (name === undefined) {
    throw new MongoCommandError(
      'FailedToParse',
      `In $convert, numeric value for 'to' does not correspond to a BSON type: ${code}`,
    );
  }
  return name;
}

/** Converts a value that is neither null nor missing; throws ConversionFailure when it cannot. */
function convert(input: unknown, target: Target): unknown {
  const conversion = CONVERSIONS[target];
  if (conversion === undefined) throw unsupported(input, target);
  return conversion(input);
}

const CONVERT_FIELDS = new Set(['input', 'to', 'onError', 'onNull']);

const $convert: ExpressionFn = (obj, expr, options) => {
  if (!isPlainObject(expr)) {
    throw new MongoCommandError(
      'FailedToParse',
      `$convert expects an object of named arguments but found: ${typeName(expr)}`,
    );
  }
  for (const field of Object.keys(expr)) {
    if (!CONVERT_FIELDS.has(field)) {
      throw new MongoCommandError('FailedToParse', `$convert found an unknown argument: ${field}`);
    }
  }
  if (!('input' in expr)) {
    throw new MongoCommandError('FailedToParse', "Missing 'input' parameter to $convert");
  }
  if (!('to' in expr)) {
    throw new MongoCommandError('FailedToParse', "Missing 'to' parameter to $convert");
  }
  const to = evalExpr(obj, expr['to'], options);
  const input = evalExpr(obj, expr['input'], options);
  const target = isNullish(to) ? undefined : targetOf(to);
  if (isNullish(input)) {
    return 'onNull' in expr ? evalExpr(obj, expr['onNull'], options) : null;
  }
  if (target === undefined) return null;
  try {
    return convert(input, target);
  } catch (err) {
    const failed = err instanceof MongoCommandError && err.codeName === 'ConversionFailure';
    if (failed && 'onError' in expr) return evalExpr(obj, expr['onError'], options);
    throw err;
  }
};

function shorthand(name: string, target: Target): ExpressionFn {
  return (obj: unknown, expr: unknown, options: Options) => {
    const [input] = evaluateOperands(name, obj, expr, options, 1);
    return isNullish(input) ? null : convert(input, target);
  };
}

const $type: ExpressionFn = (obj, expr, options) => {
  const [value] = evaluateOperands('$type', obj, expr, options, 1);
  return value === undefined ? 'missing' : bsonTypeOf(value);
};

const $isNumber: ExpressionFn = (obj, expr, options) => {
  const [value] = evaluateOperands('$isNumber', obj, expr, options, 1);
  return numericKind(value) !== undefined;
};

export const CONVERSION_OPERATORS: Record<string, ExpressionFn> = {
  $convert,
  $toInt: shorthand('$toInt', 'int'),
  $toLong: shorthand('$toLong', 'long'),
  $toDouble: shorthand('$toDouble', 'double'),
  $toDecimal: shorthand('$toDecimal', 'decimal'),
  $toString: shorthand('$toString', 'string'),
  $toBool: shorthand('$toBool', 'bool'),
  $toDate: shorthand('$toDate', 'date'),
  $toObjectId: shorthand('$toObjectId', 'objectId'),
  $type,
  $isNumber,
};
