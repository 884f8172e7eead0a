import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { toDouble } from '../values/numbers.js';
import { bsonTypeOf, isNumeric } from '../values/types.js';

const INT32_MAX = 2147483647;

function cannotCreate(reason: string, raw: Document): MongoCommandError {
  return new MongoCommandError(
    'CannotCreateIndex',
    `TTL index 'expireAfterSeconds' option ${reason}. Index spec: ${JSON.stringify(raw)}`,
  );
}

/** The `_id` index pattern, which can carry no TTL. */
function isIdPattern(key: Document): boolean {
  const fields = Object.keys(key);
  return fields.length === 1 && fields[0] === '_id';
}

/**
 * `expireAfterSeconds` of a new index, checked as MongoDB does: a number from 0 to 2^31-1 (a
 * fraction is truncated when checked) on a single-field index other than `_id`.
 */
export function ttlSeconds(value: unknown, key: Document, raw: Document): number {
  if (isIdPattern(key)) {
    throw new MongoCommandError(
      'InvalidIndexSpecificationOption',
      `The field 'expireAfterSeconds' is not valid for an _id index specification. Specification: ${JSON.stringify(raw)}`,
    );
  }
  if (!isNumeric(value)) {
    throw cannotCreate(`must be numeric, but received a type of '${bsonTypeOf(value)}'`, raw);
  }
  const seconds = toDouble(value);
  if (Number.isNaN(seconds)) throw cannotCreate('must not be NaN', raw);
  if (Math.trunc(seconds) > INT32_MAX || Math.trunc(seconds) < -INT32_MAX - 1) {
    throw new MongoCommandError(
      'CannotCreateIndex',
      `TTL index 'expireAfterSeconds' must be within the range of a 32-bit integer. Index spec: ${JSON.stringify(raw)}`,
    );
  }
  if (seconds < 0) throw cannotCreate('cannot be less than 0', raw);
  if (Object.keys(key).length !== 1) {
    throw new MongoCommandError(
      'CannotCreateIndex',
      `TTL indexes are single-field indexes, compound indexes do not support TTL. Index spec: ${JSON.stringify(raw)}`,
    );
  }
  return seconds;
}
