import { Decimal128, Double, Long, Timestamp, type Document } from 'bson';
import { Query } from 'mingo/query';
import { cloneValue, isPlainObject } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import type { Collation } from '../values/collation.js';
import { compareValues, valuesEqual } from '../values/compare.js';
import { arithmetic, arithmeticOverflows, numericKind } from '../values/numbers.js';
import { bsonTypeOf } from '../values/types.js';
import { QUERY_OPTIONS } from './mingo-options.js';
import { withQueryOptions } from './query.js';
import { sortDocuments } from './sort.js';
import { setAt, unsetAt, valueAt, type Target } from './update-paths.js';

/**
 * The field update operators: what each does at one place of a document (`Target`), with
 * MongoDB's type rules and errors. `apply` gets the operand as sent, the document for messages
 * and the statement's collation, which MongoDB applies wherever an operator compares strings
 * ($min, $max, $push's $sort, $addToSet, $pull, $pullAll).
 */
export interface FieldOperator {
  /** Whether missing fields on the way are created (false: the operator does nothing there). */
  creates: boolean;
  /** Checks the operand once, before any document is touched. */
  check?: (field: string, operand: unknown) => void;
  apply: (
    target: Target,
    operand: unknown,
    doc: Document,
    collation: Collation | undefined,
  ) => void;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function idOf(doc: Document): string {
  return `{_id: ${describe(doc['_id'])}}`;
}

/** A number as MongoDB's messages show it, e.g. `(NumberLong)9223372036854775807`. */
function numberText(value: unknown): string {
  switch (numericKind(value)) {
    case 'int':
      return `(NumberInt)${String(value)}`;
    case 'long':
      return `(NumberLong)${(value as Long).toString()}`;
    case 'double':
      return `(NumberDouble)${String(value instanceof Double ? value.value : value)}`;
    case 'decimal':
      return `(NumberDecimal)${(value as Decimal128).toString()}`;
    default:
      return describe(value);
  }
}

function fieldName(target: Target): string {
  return String(target.path.split('.').pop());
}

function zeroLike(operand: unknown): unknown {
  switch (numericKind(operand)) {
    case 'long':
      return Long.fromNumber(0);
    case 'double':
      return new Double(0);
    case 'decimal':
      return Decimal128.fromString('0');
    default:
      return 0;
  }
}

function arithmeticOperator(
  name: '$inc' | '$mul',
  op: 'add' | 'multiply',
  verb: string,
): FieldOperator {
  return {
    creates: true,
    check: (field, operand) => {
      if (numericKind(operand) === undefined) {
        throw new MongoCommandError(
          'TypeMismatch',
          `Cannot ${verb} with non-numeric argument: {${field}: ${describe(operand)}}`,
        );
      }
    },
    apply: (target, operand, doc) => {
      const current = valueAt(target);
      if (current === undefined) {
        setAt(target, name === '$inc' ? operand : zeroLike(operand));
        return;
      }
      if (numericKind(current) === undefined) {
        throw new MongoCommandError(
          'TypeMismatch',
          `Cannot apply ${name} to a value of non-numeric type. ${idOf(doc)} has the field '${fieldName(target)}' of non-numeric type ${bsonTypeOf(current)}`,
        );
      }
      if (arithmeticOverflows(op, current, operand)) {
        throw new MongoCommandError(
          'BadValue',
          `Failed to apply ${name} operations to current value (${numberText(current)}) for document ${idOf(doc)}`,
        );
      }
      setAt(target, arithmetic(op, current, operand));
    },
  };
}

function extremum(keepIf: (comparison: number) => boolean): FieldOperator {
  return {
    creates: true,
    apply: (target, operand, _doc, collation) => {
      const current = valueAt(target);
      if (current === undefined || keepIf(compareValues(operand, current, collation?.compare))) {
        setAt(target, operand);
      }
    },
  };
}

function arrayAt(target: Target, doc: Document, operator: string): unknown[] | undefined {
  const current = valueAt(target);
  if (current === undefined) return undefined;
  if (!Array.isArray(current)) {
    throw new MongoCommandError(
      'BadValue',
      `The field '${fieldName(target)}' must be an array but is of type ${bsonTypeOf(current)} in document ${idOf(doc)}`,
      { operator },
    );
  }
  return current;
}

interface EachSpec {
  values: unknown[];
  slice?: number;
  sort?: unknown;
  position?: number;
}

const PUSH_MODIFIERS = new Set(['$each', '$slice', '$sort', '$position']);

function integerOperand(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : value instanceof Long ? value.toNumber() : NaN;
  if (!Number.isInteger(n)) {
    throw new MongoCommandError(
      'BadValue',
      `The value for ${what} must be an integer value but was given type: ${bsonTypeOf(value)}`,
    );
  }
  return n;
}

function eachSpec(operand: unknown): EachSpec {
  if (!isPlainObject(operand) || !('$each' in operand)) return { values: [operand] };
  for (const key of Object.keys(operand)) {
    if (!PUSH_MODIFIERS.has(key)) {
      throw new MongoCommandError('BadValue', `Unrecognized clause in $push: ${key}`);
    }
  }
  const values: unknown = operand['$each'];
  if (!Array.isArray(values)) {
    throw new MongoCommandError(
      'BadValue',
      `The argument to $each in $push must be an array but it was of type: ${bsonTypeOf(values)}`,
    );
  }
  const spec: EachSpec = { values };
  if ('$slice' in operand) spec.slice = integerOperand(operand['$slice'], '$slice');
  if ('$position' in operand) spec.position = integerOperand(operand['$position'], '$position');
  if ('$sort' in operand) spec.sort = operand['$sort'];
  return spec;
}

function sortElements(values: unknown[], sort: unknown, collation?: Collation): unknown[] {
  const strings = collation?.compare;
  if (sort === 1 || sort === -1) {
    return [...values].sort((a, b) => compareValues(a, b, strings) * (sort as number));
  }
  if (!isPlainObject(sort)) {
    throw new MongoCommandError(
      'BadValue',
      'The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields',
    );
  }
  return sortDocuments(values as Document[], sort, strings);
}

const push: FieldOperator = {
  creates: true,
  apply: (target, operand, doc, collation) => {
    const spec = eachSpec(operand);
    const current = arrayAt(target, doc, '$push') ?? [];
    let next = [...current];
    const at =
      spec.position === undefined
        ? next.length
        : spec.position < 0
          ? Math.max(0, next.length + spec.position)
          : Math.min(spec.position, next.length);
    next.splice(at, 0, ...spec.values.map((v) => cloneValue(v)));
    if (spec.sort !== undefined) next = sortElements(next, spec.sort, collation);
    if (spec.slice !== undefined) {
      next = spec.slice >= 0 ? next.slice(0, spec.slice) : next.slice(spec.slice);
    }
    setAt(target, next);
  },
};

const addToSet: FieldOperator = {
  creates: true,
  apply: (target, operand, doc, collation) => {
    const values = isPlainObject(operand) && '$each' in operand ? operand['$each'] : [operand];
    if (!Array.isArray(values)) {
      throw new MongoCommandError(
        'TypeMismatch',
        `The argument to $each in $addToSet must be an array but it was of type ${bsonTypeOf(values)}`,
      );
    }
    const current = arrayAt(target, doc, '$addToSet') ?? [];
    const next = [...current];
    for (const value of values) {
      const known = next.some((existing) => valuesEqual(existing, value, collation?.compare));
      if (!known) next.push(cloneValue(value));
    }
    setAt(target, next);
  },
};

const pop: FieldOperator = {
  creates: false,
  check: (field, operand) => {
    const n =
      typeof operand === 'number' ? operand : operand instanceof Long ? operand.toNumber() : NaN;
    if (n !== 1 && n !== -1) {
      throw new MongoCommandError(
        'FailedToParse',
        `$pop expects 1 or -1, found: ${describe(operand)}`,
      );
    }
    void field;
  },
  apply: (target, operand) => {
    const current = valueAt(target);
    if (current === undefined) return;
    if (!Array.isArray(current)) {
      throw new MongoCommandError(
        'TypeMismatch',
        `Path '${target.path}' contains an element of non-array type '${bsonTypeOf(current)}'`,
      );
    }
    if (current.length === 0) return;
    const first = (typeof operand === 'number' ? operand : (operand as Long).toNumber()) === -1;
    setAt(target, first ? current.slice(1) : current.slice(0, -1));
  },
};

/** The test `$pull` applies to each element: a query on the element, or equality. */
function pullMatcher(
  condition: unknown,
  collation: Collation | undefined,
): (element: unknown) => boolean {
  const options = withQueryOptions(QUERY_OPTIONS, { collation });
  if (isPlainObject(condition)) {
    const keys = Object.keys(condition);
    if (keys.length > 0 && keys.every((k) => k.startsWith('$'))) {
      const query = new Query({ element: condition }, options);
      return (element) => query.test({ element });
    }
    const query = new Query(condition, options);
    return (element) => isPlainObject(element) && query.test(element);
  }
  if (condition instanceof RegExp) {
    return (element) =>
      typeof element === 'string' && new RegExp(condition.source, condition.flags).test(element);
  }
  return (element) => valuesEqual(element, condition, collation?.compare);
}

const pull: FieldOperator = {
  creates: false,
  apply: (target, operand, _doc, collation) => {
    const current = valueAt(target);
    if (current === undefined) return;
    if (!Array.isArray(current)) {
      throw new MongoCommandError('BadValue', 'Cannot apply $pull to a non-array value');
    }
    const matches = pullMatcher(operand, collation);
    setAt(
      target,
      current.filter((element) => !matches(element)),
    );
  },
};

const pullAll: FieldOperator = {
  creates: false,
  check: (field, operand) => {
    if (!Array.isArray(operand)) {
      throw new MongoCommandError(
        'BadValue',
        `$pullAll requires an array argument but was given a ${bsonTypeOf(operand)}`,
      );
    }
    void field;
  },
  apply: (target, operand, _doc, collation) => {
    const current = valueAt(target);
    if (current === undefined) return;
    if (!Array.isArray(current)) {
      throw new MongoCommandError('BadValue', 'Cannot apply $pullAll to a non-array value');
    }
    const values = operand as unknown[];
    setAt(
      target,
      current.filter((element) => !values.some((v) => valuesEqual(element, v, collation?.compare))),
    );
  },
};

function currentDateValue(operand: unknown): unknown {
  if (operand === true) return new Date();
  if (isPlainObject(operand) && operand['$type'] === 'date') return new Date();
  if (isPlainObject(operand) && operand['$type'] === 'timestamp') {
    return Timestamp.fromBits(1, Math.floor(Date.now() / 1000));
  }
  if (operand === false) return new Date();
  throw new MongoCommandError(
    'BadValue',
    `${describe(operand)} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
  );
}

type BitOperation = 'and' | 'or' | 'xor';

const bit: FieldOperator = {
  creates: true,
  check: (field, operand) => {
    if (!isPlainObject(operand) || Object.keys(operand).length === 0) {
      throw new MongoCommandError(
        'BadValue',
        `The $bit modifier is not compatible with a ${bsonTypeOf(operand)}. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}`,
      );
    }
    for (const [op, value] of Object.entries(operand)) {
      if (op !== 'and' && op !== 'or' && op !== 'xor') {
        throw new MongoCommandError(
          'BadValue',
          `The $bit modifier only supports 'and', 'or', and 'xor', not '${op}' which is an unknown operator: {${op}: ${describe(value)}}`,
        );
      }
      const kind = numericKind(value);
      if (kind !== 'int' && kind !== 'long') {
        throw new MongoCommandError(
          'BadValue',
          `The $bit modifier field must be an Integer(32/64 bit); a '${bsonTypeOf(value)}' is not supported here: {${op}: ${describe(value)}}`,
        );
      }
    }
    void field;
  },
  apply: (target, operand, doc) => {
    let current = valueAt(target) ?? 0;
    const currentKind = numericKind(current);
    if (currentKind !== 'int' && currentKind !== 'long') {
      throw new MongoCommandError(
        'BadValue',
        `Cannot apply $bit to a value of non-integral type.${idOf(doc)} has the field ${fieldName(target)} of non-integer type ${bsonTypeOf(current)}`,
      );
    }
    for (const [op, value] of Object.entries(operand as Document)) {
      const long = currentKind === 'long' || numericKind(value) === 'long';
      const a = BigInt.asIntN(
        64,
        current instanceof Long ? current.toBigInt() : BigInt(current as number),
      );
      const b = BigInt.asIntN(
        64,
        value instanceof Long ? value.toBigInt() : BigInt(value as number),
      );
      const result = (op as BitOperation) === 'and' ? a & b : op === 'or' ? a | b : a ^ b;
      current = long
        ? Long.fromBigInt(BigInt.asIntN(64, result))
        : Number(BigInt.asIntN(32, result));
    }
    setAt(target, current);
  },
};

export const FIELD_OPERATORS: Readonly<Record<string, FieldOperator>> = {
  $set: { creates: true, apply: (target, operand) => setAt(target, cloneValue(operand)) },
  $setOnInsert: { creates: true, apply: (target, operand) => setAt(target, cloneValue(operand)) },
  $unset: { creates: false, apply: (target) => unsetAt(target) },
  $inc: arithmeticOperator('$inc', 'add', 'increment'),
  $mul: arithmeticOperator('$mul', 'multiply', 'multiply'),
  $min: extremum((c) => c < 0),
  $max: extremum((c) => c > 0),
  $currentDate: {
    creates: true,
    check: (_field, operand) => void currentDateValue(operand),
    apply: (target, operand) => setAt(target, currentDateValue(operand)),
  },
  $push: push,
  $addToSet: addToSet,
  $pop: pop,
  $pull: pull,
  $pullAll: pullAll,
  $bit: bit,
};
