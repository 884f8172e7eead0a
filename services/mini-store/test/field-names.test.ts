import { describe, expect, it } from 'vitest';
import { findNameProblem, MAX_NESTING_DEPTH, problemWithName } from '../src/domain/field-names.js';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = { next: value };
  return value;
}

describe('field names a client may store', () => {
  it.each(['name', 'price', 'colour', 'a$b', '0', '_id', 'constructor', 'with space', 'ünïcödé'])(
    'when the name is %j, then it is accepted',
    (name) => {
      expect(problemWithName(name)).toBeNull();
    },
  );

  it.each([
    ['$set', 'must not start with "$"'],
    ['$where', 'must not start with "$"'],
    ['a.b', 'must not contain "."'],
    ['.', 'must not contain "."'],
    ['', 'must not be empty'],
    ['a\u0000b', 'NUL'],
    ['__proto__', 'must not be "__proto__"'],
  ])('when the name is %j, then it is refused because it %s', (name, reason) => {
    expect(problemWithName(name)).toContain(reason);
  });

  it('when a refused name sits inside arrays and objects, then the message names it and where it is', () => {
    const problem = findNameProblem({ meta: { tags: [{ ok: 1 }, { $gt: 1 }] } }, [], 1);
    expect(problem).toBe(
      'invalid field name "$gt" inside "meta.tags[1]": a name must not start with "$" (MongoDB reads it as an operator)',
    );
  });

  it('when every name is acceptable, then there is no problem', () => {
    expect(
      findNameProblem({ a: [1, { b: null, c: [[{ d: 'x' }]] }], e: 'text' }, [], 1),
    ).toBeNull();
  });

  it(`when a body nests exactly ${MAX_NESTING_DEPTH} levels, then it is accepted`, () => {
    // The body itself is level 1; the innermost object is level MAX_NESTING_DEPTH.
    expect(findNameProblem(nested(MAX_NESTING_DEPTH), [], 1)).toBeNull();
  });

  it(`when a body nests more than ${MAX_NESTING_DEPTH} levels, then it is refused`, () => {
    expect(findNameProblem(nested(MAX_NESTING_DEPTH + 1), [], 1)).toBe(
      `request body nests objects and arrays deeper than ${MAX_NESTING_DEPTH} levels`,
    );
  });
});
