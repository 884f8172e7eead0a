import { Long, type Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { typeRank, valuesEqual } from '../values/compare.js';
import { compareNumbers, numericKind, toExactDecimal } from '../values/numbers.js';
import { bsonTypeOf, isNumeric, isTypeSpec, matchesTypeSpec } from '../values/types.js';
import {
  keywordTypeError,
  schemaArray,
  schemaError,
  type KeywordCompiler,
} from './json-schema-types.js';

/** The JSON types `type` accepts, as the BSON types each stands for. */
const JSON_TYPES: Record<string, (value: unknown) => boolean> = {
  object: (v) => bsonTypeOf(v) === 'object',
  array: Array.isArray,
  number: isNumeric,
  boolean: (v) => typeof v === 'boolean',
  string: (v) => typeof v === 'string',
  null: (v) => v === null,
};

function typeNames(keyword: string, value: unknown): string[] {
  const names = Array.isArray(value) ? value : [value];
  if (names.length === 0 || !names.every((n): n is string => typeof n === 'string')) {
    throw keywordTypeError(keyword, 'either a string or an array of strings');
  }
  for (const name of names) {
    if (keyword === 'type' && name === 'integer') {
      throw schemaError("$jsonSchema type 'integer' is not currently supported.");
    }
    const known = keyword === 'type' ? Object.hasOwn(JSON_TYPES, name) : isTypeSpec(name);
    if (!known) throw new MongoCommandError('BadValue', `Unknown type name alias: ${name}`);
  }
  return names;
}

function typeKeyword(keyword: 'type' | 'bsonType'): KeywordCompiler {
  return (spec) => {
    const names = typeNames(keyword, spec);
    const matches =
      keyword === 'type'
        ? (v: unknown) => names.some((n) => JSON_TYPES[n]?.(v) === true)
        : (v: unknown) => names.some((n) => matchesTypeSpec(v, n));
    return (value) =>
      matches(value)
        ? []
        : [
            {
              operatorName: keyword,
              specifiedAs: { [keyword]: spec },
              reason: 'type did not match',
              consideredValue: value,
              consideredType: bsonTypeOf(value),
            },
          ];
  };
}

const enumKeyword: KeywordCompiler = (spec) => {
  const values = schemaArray(spec, 'enum');
  return (value) =>
    values.some((v) => typeRank(v) === typeRank(value) && valuesEqual(v, value))
      ? []
      : [
          {
            operatorName: 'enum',
            specifiedAs: { enum: values },
            reason: 'value was not found in enum',
            consideredValue: value,
          },
        ];
};

function numberArgument(keyword: string, value: unknown): unknown {
  if (!isNumeric(value)) throw keywordTypeError(keyword, 'a number');
  return value;
}

function bound(keyword: 'minimum' | 'maximum', exclusiveKeyword: string): KeywordCompiler {
  return (spec, schema) => {
    const limit = numberArgument(keyword, spec);
    const exclusive: unknown = schema[exclusiveKeyword];
    if (exclusive !== undefined && typeof exclusive !== 'boolean') {
      throw keywordTypeError(exclusiveKeyword, 'a boolean');
    }
    const specifiedAs: Document = { [keyword]: limit };
    if (exclusive !== undefined) specifiedAs[exclusiveKeyword] = exclusive;
    return (value) => {
      if (!isNumeric(value)) return [];
      const c = compareNumbers(value, limit) * (keyword === 'minimum' ? 1 : -1);
      if (c > 0 || (c === 0 && exclusive !== true)) return [];
      return [
        { operatorName: keyword, specifiedAs, reason: 'comparison failed', consideredValue: value },
      ];
    };
  };
}

function exclusiveNeedsBound(keyword: string, boundKeyword: string): KeywordCompiler {
  return (_spec, schema) => {
    if (schema[boundKeyword] === undefined) {
      throw schemaError(
        `$jsonSchema keyword '${boundKeyword}' must be a present if ${keyword} is present`,
      );
    }
    return undefined;
  };
}

const multipleOf: KeywordCompiler = (spec) => {
  const divisor = numberArgument('multipleOf', spec);
  const exactDivisor = toExactDecimal(divisor);
  if (!exactDivisor.isPositive() || exactDivisor.isZero()) {
    throw schemaError("$jsonSchema keyword 'multipleOf' must have a positive value");
  }
  return (value) => {
    if (numericKind(value) === undefined) return [];
    const exact = toExactDecimal(value);
    if (exact.isFinite() && exact.mod(exactDivisor).isZero()) return [];
    return [
      {
        operatorName: 'multipleOf',
        specifiedAs: { multipleOf: divisor },
        reason: 'considered value is not a multiple of the specified value',
        consideredValue: value,
      },
    ];
  };
};

/** A keyword's argument that counts something: a non-negative integer of any numeric type. */
export function countArgument(keyword: string, value: unknown): number {
  const n = typeof value === 'number' ? value : value instanceof Long ? value.toNumber() : NaN;
  if (!isNumeric(value) || !Number.isInteger(n)) {
    throw keywordTypeError(keyword, 'a representable integer');
  }
  if (n < 0) throw schemaError(`$jsonSchema keyword '${keyword}' must be non-negative`);
  return n;
}

function stringLength(keyword: 'minLength' | 'maxLength'): KeywordCompiler {
  return (spec) => {
    const limit = countArgument(keyword, spec);
    return (value) => {
      if (typeof value !== 'string') return [];
      const length = [...value].length;
      if (keyword === 'minLength' ? length >= limit : length <= limit) return [];
      return [
        {
          operatorName: keyword,
          specifiedAs: { [keyword]: spec },
          reason: 'specified string length was not satisfied',
          consideredValue: value,
        },
      ];
    };
  };
}

const pattern: KeywordCompiler = (spec) => {
  if (typeof spec !== 'string') throw keywordTypeError('pattern', 'a string');
  const regex = new RegExp(spec, 'u');
  return (value) =>
    typeof value !== 'string' || regex.test(value)
      ? []
      : [
          {
            operatorName: 'pattern',
            specifiedAs: { pattern: spec },
            reason: 'regular expression did not match',
            consideredValue: value,
          },
        ];
};

const annotation: KeywordCompiler = (spec) => {
  if (typeof spec !== 'string') throw keywordTypeError('description', 'a string');
  return undefined;
};

export const SCALAR_KEYWORDS: Record<string, KeywordCompiler> = {
  type: typeKeyword('type'),
  bsonType: typeKeyword('bsonType'),
  enum: enumKeyword,
  minimum: bound('minimum', 'exclusiveMinimum'),
  maximum: bound('maximum', 'exclusiveMaximum'),
  exclusiveMinimum: exclusiveNeedsBound('exclusiveMinimum', 'minimum'),
  exclusiveMaximum: exclusiveNeedsBound('exclusiveMaximum', 'maximum'),
  multipleOf,
  minLength: stringLength('minLength'),
  maxLength: stringLength('maxLength'),
  pattern,
  title: annotation,
  description: annotation,
};
