import type { Document } from 'bson';
import { evalExpr, OpType } from 'mingo/core';
import { Lazy, type Iterator as LazyIterator } from 'mingo/lazy';
import type { Options } from 'mingo/types';
import { MongoCommandError } from '../../errors.js';
import { valueKey } from '../../values/compare.js';
import { CollationKeys } from '../../values/collation-keys.js';
import { isPlainObject } from '../../values/types.js';
import type { AccumulatorFn } from './accumulators.js';
import { stringOrder } from './comparison.js';

/** A pipeline stage as the aggregation engine calls it. */
export type StageFn = (coll: LazyIterator, expr: unknown, options: Options) => LazyIterator;

interface OutputField {
  name: string;
  accumulate: AccumulatorFn;
  operand: unknown;
}

function outputField(name: string, spec: unknown, options: Options): OutputField {
  const operators = isPlainObject(spec) ? Object.keys(spec) : [];
  if (!operators[0]?.startsWith('$')) {
    throw new MongoCommandError(
      'Location40234',
      `The field '${name}' must be an accumulator object`,
    );
  }
  if (name.includes('.')) {
    throw new MongoCommandError('Location40235', `The field name '${name}' cannot contain '.'`);
  }
  if (name.startsWith('$')) {
    throw new MongoCommandError(
      'Location40236',
      `The field name '${name}' cannot be an operator name`,
    );
  }
  if (operators.length !== 1) {
    throw new MongoCommandError(
      'Location40238',
      `The field '${name}' must specify one accumulator`,
    );
  }
  const operator = operators[0];
  const operand: unknown = (spec as Document)[operator];
  if (Array.isArray(operand)) {
    throw new MongoCommandError('Location40237', `The ${operator} accumulator is a unary operator`);
  }
  const accumulate = options.context.getOperator(OpType.ACCUMULATOR, operator);
  if (!accumulate) {
    throw new MongoCommandError('Location15952', `unknown group operator '${operator}'`);
  }
  return { name, accumulate: accumulate as AccumulatorFn, operand };
}

/** A group key as MongoDB writes it: missing becomes null, and missing fields of a key document are left out. */
function groupKey(value: unknown): unknown {
  if (value === undefined) return null;
  if (!isPlainObject(value)) return value;
  const out: Document = {};
  for (const [name, field] of Object.entries(value)) {
    if (field !== undefined) out[name] = isPlainObject(field) ? groupKey(field) : field;
  }
  return out;
}

/**
 * `$group`: documents with equal keys form one group, equality as MongoDB has it (int 1, long 1
 * and double 1.0 are one key; strings under the pipeline's collation); each group's `_id` is the
 * first key seen.
 */
export const $group: StageFn = (coll, expr, options) => {
  if (!isPlainObject(expr)) {
    throw new MongoCommandError('Location15947', "a group's fields must be specified in an object");
  }
  if (!Object.hasOwn(expr, '_id')) {
    throw new MongoCommandError('Location15955', 'a group specification must include an _id');
  }
  const idExpr: unknown = expr['_id'];
  const fields = Object.entries(expr)
    .filter(([name]) => name !== '_id')
    .map(([name, spec]) => outputField(name, spec, options));
  return coll.transform((docs: Document[]) => {
    const strings = options.collation ? stringOrder(options) : undefined;
    const keys = strings ? new CollationKeys(strings) : undefined;
    const groups = new Map<string, { id: unknown; docs: Document[] }>();
    for (const doc of docs) {
      const id = groupKey(evalExpr(doc, idExpr, options));
      const key = keys ? keys.keyOf(id) : valueKey(id);
      const group = groups.get(key);
      if (group) group.docs.push(doc);
      else groups.set(key, { id, docs: [doc] });
    }
    const results: Document[] = [];
    for (const group of groups.values()) {
      const result: Document = { _id: group.id };
      for (const field of fields) {
        result[field.name] = field.accumulate(group.docs, field.operand, options);
      }
      results.push(result);
    }
    return Lazy(results);
  });
};
