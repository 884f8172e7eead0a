import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { BadRequestError } from '../errors/http-errors.js';
import { describePath } from '../validation/parse-input.js';

/**
 * Deepest nesting a JSON body may have (the body is level 1): far beyond any body the services
 * take, far below the 10 000 levels that overflow recursive code (zod, BSON, the database).
 */
export const MAX_JSON_DEPTH = 32;

/** Keys that reach an object's prototype when code copies a body by assignment. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface JsonGuardOptions {
  /** The service stores its clients' keys in MongoDB: operator, path and empty keys are refused too. */
  storesClientKeys?: boolean;
  /** The only top-level keys the route reads: others are dropped before the checks. */
  keepOnly?: readonly string[];
}

export class UnsafeJsonError extends BadRequestError {}

function describeLocation(path: readonly (string | number)[]): string {
  return path.length === 0 ? '' : ` inside ${JSON.stringify(describePath(path))}`;
}

/** Why a key can never be stored or given back, or null when it can. */
export function problemWithKey(key: string, storesClientKeys: boolean): string | null {
  if (PROTOTYPE_KEYS.has(key)) return `a name must not be "${key}"`;
  if (key.includes('\u0000')) return 'a name must not contain a NUL character';
  if (!key.isWellFormed()) return 'a name must not hold a lone UTF-16 surrogate';
  if (!storesClientKeys) return null;
  if (key === '') return 'a name must not be empty';
  if (key.startsWith('$'))
    return 'a name must not start with "$" (MongoDB reads it as an operator)';
  if (key.includes('.')) return 'a name must not contain "." (MongoDB reads it as a path)';
  return null;
}

/** The first reason `value`, at `path` and `depth` in the body, cannot be given back as the same JSON. */
function findProblem(
  value: unknown,
  storesClientKeys: boolean,
  path: (string | number)[],
  depth: number,
): string | null {
  if (typeof value === 'number') {
    // JSON.parse reads 1e309 as Infinity, which JSON.stringify writes back as null.
    return Number.isFinite(value)
      ? null
      : `a number${describeLocation(path)} is too large to be given back as JSON`;
  }
  if (typeof value === 'string') {
    return value.isWellFormed()
      ? null
      : `a text${describeLocation(path)} holds a lone UTF-16 surrogate`;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth > MAX_JSON_DEPTH) {
    return `request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      path.push(index);
      const problem = findProblem(value[index], storesClientKeys, path, depth + 1);
      path.pop();
      if (problem !== null) return problem;
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const keyProblem = problemWithKey(key, storesClientKeys);
    if (keyProblem !== null) {
      return `invalid field name ${JSON.stringify(key)}${describeLocation(path)}: ${keyProblem}`;
    }
    path.push(key);
    const problem = findProblem(record[key], storesClientKeys, path, depth + 1);
    path.pop();
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * Holds a parsed JSON body to what every service can keep and give back unchanged (README, the
 * JSON guard), after dropping the top-level keys outside `keepOnly`; the refusal, or undefined.
 */
export function guardJsonBody(
  body: unknown,
  { storesClientKeys = false, keepOnly }: JsonGuardOptions,
): UnsafeJsonError | undefined {
  if (keepOnly !== undefined && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    for (const key of Object.keys(record)) if (!keepOnly.includes(key)) delete record[key];
  }
  const problem = findProblem(body, storesClientKeys, [], 1);
  return problem === null ? undefined : new UnsafeJsonError(problem);
}

/** The decoder would otherwise turn broken UTF-8 into U+FFFD: text the client never sent. */
export function requireValidUtf8(
  _req: IncomingMessage,
  _res: unknown,
  bytes: Buffer,
  encoding: string,
): void {
  if (encoding.toLowerCase() === 'utf-8' && !isUtf8(bytes)) {
    throw new UnsafeJsonError('request body is not valid UTF-8');
  }
}
