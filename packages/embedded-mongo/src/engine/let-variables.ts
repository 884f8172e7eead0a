import type { Document } from 'bson';
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { isPlainObject } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import { PIPELINE_OPTIONS } from './pipeline-options.js';

/** The system variables an expression may name without defining them. */
const SYSTEM_VARIABLES = new Set([
  'ROOT',
  'CURRENT',
  'REMOVE',
  'NOW',
  'CLUSTER_TIME',
  'DESCEND',
  'PRUNE',
  'KEEP',
  'SEARCH_META',
  'USER_ROLES',
]);

/** System variables a client may not set through `let` (MongoDB only lets its own nodes do so). */
const INTERNAL_CONSTANTS = new Set(['NOW', 'CLUSTER_TIME', 'JS_SCOPE', 'IS_MR', 'USER_ROLES']);

/** MongoDB's rule for names a user may define: a lowercase or non-ASCII first character, then letters, digits and `_`. */
function checkName(name: string): void {
  if (INTERNAL_CONSTANTS.has(name)) {
    throw new MongoCommandError('Location4738901', `Attempt to set internal constant: ${name}`);
  }
  let problem: string | undefined;
  if (name.length === 0) {
    problem = 'empty variable names are not allowed';
  } else if (name !== 'CURRENT') {
    const first = name.charCodeAt(0);
    if (!((first >= 97 && first <= 122) || first >= 128)) {
      problem = `'${name}' starts with an invalid character for a user variable name`;
    } else {
      const bad = [...name.slice(1)].find(
        (c) => !/^[a-zA-Z0-9_]$/.test(c) && c.charCodeAt(0) < 128,
      );
      if (bad !== undefined) {
        problem = `'${name}' contains an invalid character for a variable name: '${bad}'`;
      }
    }
  }
  if (problem) {
    throw new MongoCommandError(
      'FailedToParse',
      `Invalid 'let' parameter :: caused by :: ${problem}`,
    );
  }
}

/** True when the expression reads the document it runs on (a field path, `$$ROOT` or `$$CURRENT`). */
function readsDocument(expr: unknown): boolean {
  if (typeof expr === 'string') {
    if (!expr.startsWith('$')) return false;
    if (!expr.startsWith('$$')) return true;
    const name = expr.slice(2).split('.')[0];
    return name === 'ROOT' || name === 'CURRENT';
  }
  if (Array.isArray(expr)) return expr.some(readsDocument);
  if (isPlainObject(expr)) {
    if (Object.hasOwn(expr, '$literal')) return false;
    return Object.values(expr).some(readsDocument);
  }
  return false;
}

/**
 * A command's `let` option, evaluated once before any document is read, in the order given (a
 * variable may use the ones before it). Undefined when the command has none.
 */
export function evaluateLet(value: unknown, command: string): Document | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '${command}.let' is the wrong type, expected type 'object'`,
    );
  }
  const variables: Document = {};
  for (const [name, expr] of Object.entries(value)) {
    checkName(name);
    if (readsDocument(expr)) {
      throw new MongoCommandError(
        'Location4890500',
        'Command let Expression tried to access a field, but this is not allowed becauseCommand let Expressions run before the query examines any documents.',
      );
    }
    const options: Partial<Options> = { ...PIPELINE_OPTIONS, variables: { ...variables } };
    variables[name] = evalExpr({}, expr, options as Options);
  }
  return variables;
}

/** Adds the names an expression defines for its own parts ($let, $map, $filter, $reduce, ...). */
function collectBound(expr: unknown, bound: Set<string>): void {
  if (Array.isArray(expr)) {
    for (const item of expr) collectBound(item, bound);
    return;
  }
  if (!isPlainObject(expr)) return;
  for (const [key, arg] of Object.entries(expr)) {
    if (key === '$literal') continue;
    if (isPlainObject(arg)) {
      if (key === '$let' && isPlainObject(arg['vars'])) {
        for (const name of Object.keys(arg['vars'])) bound.add(name);
      }
      if (typeof arg['as'] === 'string') bound.add(arg['as']);
      if (key === '$map' || key === '$filter') bound.add('this');
      if (key === '$reduce') {
        bound.add('this');
        bound.add('value');
      }
    }
    collectBound(arg, bound);
  }
}

function firstUndefined(expr: unknown, known: (name: string) => boolean): string | undefined {
  if (typeof expr === 'string') {
    if (!expr.startsWith('$$')) return undefined;
    const name = expr.slice(2).split('.')[0] ?? '';
    return known(name) ? undefined : name;
  }
  if (Array.isArray(expr)) {
    for (const item of expr) {
      const name = firstUndefined(item, known);
      if (name !== undefined) return name;
    }
    return undefined;
  }
  if (!isPlainObject(expr)) return undefined;
  for (const [key, arg] of Object.entries(expr)) {
    if (key === '$literal') continue;
    const name = firstUndefined(arg, known);
    if (name !== undefined) return name;
  }
  return undefined;
}

/**
 * Refuses an expression that names a variable nobody defines, as MongoDB does when it parses
 * the command: before any document is read, so also when nothing would match.
 */
export function checkVariablesDefined(expr: unknown, variables: Document | undefined): void {
  const bound = new Set<string>();
  collectBound(expr, bound);
  const name = firstUndefined(
    expr,
    (n) =>
      SYSTEM_VARIABLES.has(n) ||
      bound.has(n) ||
      (variables !== undefined && Object.hasOwn(variables, n)),
  );
  if (name !== undefined) {
    throw new MongoCommandError('Location17276', `Use of undefined variable: ${name}`);
  }
}

/** Every `$expr` of a filter, also inside `$and`, `$or`, `$nor` and `$elemMatch`. */
export function filterExpressions(filter: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(filter)) {
    for (const item of filter) filterExpressions(item, out);
    return out;
  }
  if (!isPlainObject(filter)) return out;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$expr') out.push(value);
    else if (
      key === '$and' ||
      key === '$or' ||
      key === '$nor' ||
      key === '$elemMatch' ||
      isPlainObject(value)
    ) {
      filterExpressions(value, out);
    }
  }
  return out;
}
