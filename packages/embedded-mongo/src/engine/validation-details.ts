import type { Document } from 'bson';
import { bsonTypeOf, isPlainObject } from '../values/types.js';
import { compileJsonSchema } from './json-schema.js';
import { compileFilter } from './query.js';

/**
 * Explains why a document fails a collection validator, in the shape MongoDB 7 puts under
 * `errInfo.details`: the failing operator, how it was specified, the reason and the values it
 * considered. Clauses are tested one by one to find the failing ones.
 */

interface Clause {
  operatorName: string;
  /** The clause as a filter of its own, to test it and to report it as `specifiedAs`. */
  filter: Document;
  path?: string;
  operand?: unknown;
}

const LOGICAL = new Set(['$and', '$or', '$nor']);

function clausesOf(filter: Document): Clause[] {
  const out: Clause[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) {
      out.push({ operatorName: key, filter: { [key]: value }, operand: value });
      continue;
    }
    const operators = isPlainObject(value) ? Object.keys(value) : [];
    if (operators.length > 0 && operators.every((k) => k.startsWith('$'))) {
      for (const op of operators) {
        if (op === '$options') continue;
        const spec: Document = { [op]: (value as Document)[op] };
        if (op === '$regex' && (value as Document)['$options'] !== undefined) {
          spec['$options'] = (value as Document)['$options'];
        }
        out.push({ operatorName: op, filter: { [key]: spec }, path: key, operand: spec[op] });
      }
      continue;
    }
    out.push({ operatorName: '$eq', filter: { [key]: value }, path: key, operand: value });
  }
  return out;
}

function matches(filter: Document, doc: Document): boolean {
  return compileFilter(filter).test(doc);
}

/** The values a path reaches; arrays on the way are walked, and a leaf array gives its elements. */
function valuesAt(doc: unknown, path: string, omitArray: boolean): unknown[] | undefined {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return undefined;
  const step = (value: unknown): unknown[] | undefined => {
    if (Array.isArray(value) && !/^\d+$/.test(head)) {
      const found = value.map((v) => step(v)).filter((v) => v !== undefined);
      return found.length === 0 ? undefined : found.flat();
    }
    if (!isPlainObject(value) && !Array.isArray(value)) return undefined;
    const child: unknown = (value as Record<string, unknown>)[head];
    if (child === undefined) return undefined;
    if (rest.length > 0) return valuesAt(child, rest.join('.'), omitArray);
    return Array.isArray(child) && omitArray ? child : [child];
  };
  return step(doc);
}

const REASONS: Record<string, [normal: string, inverted: string]> = {
  $eq: ['comparison failed', 'comparison succeeded'],
  $gt: ['comparison failed', 'comparison succeeded'],
  $gte: ['comparison failed', 'comparison succeeded'],
  $lt: ['comparison failed', 'comparison succeeded'],
  $lte: ['comparison failed', 'comparison succeeded'],
  $ne: ['comparison succeeded', 'comparison failed'],
  $in: ['no matching value found in array', 'matching value found in array'],
  $nin: ['matching value found in array', 'no matching value found in array'],
  $regex: ['regular expression did not match', 'regular expression did match'],
  $mod: ['$mod did not evaluate to expected remainder', '$mod did evaluate to expected remainder'],
  $all: ['array did not contain all specified values', 'array did contain all specified values'],
  $size: ['array length was not equal to given size', 'array length was equal to given size'],
  $elemMatch: [
    'array did not satisfy the child predicate',
    'array did satisfy the child predicate',
  ],
  $type: ['type did not match', 'type did match'],
  $bitsAllSet: ['bitwise operator failed to match', 'bitwise operator matched successfully'],
  $bitsAllClear: ['bitwise operator failed to match', 'bitwise operator matched successfully'],
  $bitsAnySet: ['bitwise operator failed to match', 'bitwise operator matched successfully'],
  $bitsAnyClear: ['bitwise operator failed to match', 'bitwise operator matched successfully'],
};

/** Operators that look at an array as a whole rather than at its elements. */
const WHOLE_ARRAY = new Set(['$size', '$elemMatch', '$all']);

function typesOf(values: unknown[]): Document {
  const types = [...new Set(values.map((v) => bsonTypeOf(v)))].sort();
  return types.length === 1 ? { consideredType: types[0] } : { consideredTypes: types };
}

function consideredValues(values: unknown[]): Document {
  return values.length === 1 ? { consideredValue: values[0] } : { consideredValues: values };
}

function leafDetails(clause: Clause, doc: Document, inverted: boolean): Document {
  const path = clause.path ?? '';
  const details: Document = { operatorName: clause.operatorName, specifiedAs: clause.filter };
  if (clause.operatorName === '$exists') {
    details['reason'] =
      inverted === (clause.operand === false || clause.operand === 0)
        ? 'path does not exist'
        : 'path does exist';
    return details;
  }
  const values = valuesAt(doc, path, !WHOLE_ARRAY.has(clause.operatorName));
  const [normal, invertedReason] = REASONS[clause.operatorName] ?? [
    'expression did not match',
    'expression did match',
  ];
  if (values === undefined) {
    details['reason'] = 'field was missing';
    return details;
  }
  if (
    clause.operatorName === '$size' ||
    clause.operatorName === '$elemMatch' ||
    clause.operatorName === '$all'
  ) {
    if (!values.some(Array.isArray) && !inverted) {
      return {
        ...details,
        reason: 'type did not match',
        ...typesOf(values),
        expectedType: 'array',
        ...consideredValues(values),
      };
    }
  }
  details['reason'] = inverted ? invertedReason : normal;
  Object.assign(details, consideredValues(values));
  if (clause.operatorName === '$type') Object.assign(details, typesOf(values));
  return details;
}

function logicalDetails(clause: Clause, doc: Document, inverted: boolean): Document {
  const parts = Array.isArray(clause.operand) ? clause.operand.filter(isPlainObject) : [];
  // $and fails when one part fails; $or and $nor speak of every part (all failed, or all matched).
  const negated = clause.operatorName === '$nor' ? !inverted : inverted;
  const wanted = (part: Document): boolean => matches(part, doc) === negated;
  const failing: Document[] = [];
  parts.forEach((part, index) => {
    if (wanted(part)) failing.push({ index, details: explainFilter(part, doc, negated) });
  });
  return {
    operatorName: clause.operatorName,
    [negated ? 'clausesSatisfied' : 'clausesNotSatisfied']: failing,
  };
}

function clauseDetails(clause: Clause, doc: Document, inverted: boolean): Document {
  if (LOGICAL.has(clause.operatorName)) return logicalDetails(clause, doc, inverted);
  if (clause.operatorName === '$jsonSchema') {
    if (inverted) return { operatorName: '$jsonSchema', reason: 'schema matched' };
    return compileJsonSchema(clause.operand).explain(doc);
  }
  if (clause.operatorName === '$expr') {
    return {
      operatorName: '$expr',
      specifiedAs: clause.filter,
      reason: inverted ? 'expression did match' : 'expression did not match',
    };
  }
  if (
    clause.operatorName === '$not' &&
    isPlainObject(clause.operand) &&
    clause.path !== undefined
  ) {
    return {
      operatorName: '$not',
      details: explainFilter({ [clause.path]: clause.operand }, doc, !inverted),
    };
  }
  return leafDetails(clause, doc, inverted);
}

/** Details for a filter that `doc` fails (or, `inverted`, matches while it should not). */
export function explainFilter(filter: Document, doc: Document, inverted = false): Document {
  const clauses = clausesOf(filter);
  const only = clauses[0];
  if (clauses.length === 1 && only) return clauseDetails(only, doc, inverted);
  const reported = clauses
    .map((clause, index) => ({ clause, index }))
    .filter(({ clause }) => matches(clause.filter, doc) === inverted);
  return {
    operatorName: '$and',
    [inverted ? 'clausesSatisfied' : 'clausesNotSatisfied']: reported.map(({ clause, index }) => ({
      index,
      details: clauseDetails(clause, doc, inverted),
    })),
  };
}
