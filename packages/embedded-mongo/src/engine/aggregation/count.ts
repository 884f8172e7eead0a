import { OpType } from 'mingo/core';
import { Lazy } from 'mingo/lazy';
import { MongoCommandError } from '../../errors.js';
import { isPlainObject } from '../../values/types.js';
import { $group, type StageFn } from './group.js';

function checkCountField(field: unknown): string {
  if (typeof field !== 'string') {
    throw new MongoCommandError('Location40156', 'the count field must be a non-empty string');
  }
  if (field.length === 0) {
    throw new MongoCommandError('Location40157', 'the count field must be a non-empty string');
  }
  if (field.startsWith('$')) {
    throw new MongoCommandError('Location40158', 'the count field cannot be a $-prefixed path');
  }
  if (field.includes('\0')) {
    throw new MongoCommandError('Location40159', 'the count field cannot contain a null byte');
  }
  if (field.includes('.')) {
    throw new MongoCommandError('Location40160', "the count field cannot contain '.'");
  }
  return field;
}

/** `$count`: one document with the number of documents, or none when there were none (a group of nothing). */
export const $count: StageFn = (coll, expr) => {
  const field = checkCountField(expr);
  let n = 0;
  let done = false;
  return Lazy(() => {
    if (done) return { done: true };
    while (!coll.next().done) n += 1;
    done = true;
    return n === 0 ? { done: true } : { value: { [field]: n }, done: false };
  });
};

/** `$sortByCount`: a `$group` counting each value, ordered by the count, largest first. */
export const $sortByCount: StageFn = (coll, expr, options) => {
  const isExpression =
    (typeof expr === 'string' && expr.startsWith('$')) ||
    (isPlainObject(expr) && Object.keys(expr)[0]?.startsWith('$') === true);
  if (!isExpression) {
    throw new MongoCommandError(
      'Location40148',
      'the sortByCount field must be defined as a $-prefixed path or an expression',
    );
  }
  const sort = options.context.getOperator(OpType.PIPELINE, '$sort') as StageFn;
  return sort($group(coll, { _id: expr, count: { $sum: 1 } }, options), { count: -1 }, options);
};
