import type { Document } from 'bson';
import { compileFilter } from '../engine/query.js';
import { VALIDATION_ACTIONS, VALIDATION_LEVELS } from '../engine/validation.js';
import { MongoCommandError } from '../errors.js';
import { isPlainObject } from '../values/types.js';

/** Query operators a validator may not use, as MongoDB refuses them there. */
const NOT_IN_VALIDATORS = new Set(['$where', '$text', '$near', '$nearSphere', '$geoNear']);

function forbiddenOperator(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = forbiddenOperator(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (NOT_IN_VALIDATORS.has(key)) return key;
    const found = forbiddenOperator(item);
    if (found) return found;
  }
  return undefined;
}

/** A validator is a filter: it is compiled once here so that an invalid one is refused up front. */
export function checkValidator(validator: Document): Document {
  const forbidden = forbiddenOperator(validator);
  if (forbidden) {
    throw new MongoCommandError(
      'QueryFeatureNotAllowed',
      `${forbidden} is not allowed in this context`,
    );
  }
  compileFilter(validator);
  return validator;
}

function enumValue<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
    return value as T;
  throw new MongoCommandError(
    'BadValue',
    `Enumeration value '${String(value)}' for field '${field}' is not a valid value.`,
  );
}

export function checkValidationLevel(value: unknown, command: string): string {
  return enumValue(value, VALIDATION_LEVELS, `${command}.validationLevel`);
}

export function checkValidationAction(value: unknown, command: string): string {
  return enumValue(value, VALIDATION_ACTIONS, `${command}.validationAction`);
}
