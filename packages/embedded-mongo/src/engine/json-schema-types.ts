import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { isPlainObject } from '../values/types.js';

/**
 * One unsatisfied rule of a `$jsonSchema`, in the shape MongoDB reports it under
 * `errInfo.details` (operatorName, specifiedAs, reason, consideredValue, ...).
 */
export type SchemaFailure = Document;

/** A compiled (sub)schema: tests a present value and lists the rules it breaks. */
export interface SchemaNode {
  failures(value: unknown): SchemaFailure[];
  /** `title` and `description`, which MongoDB repeats beside a failing property or clause. */
  annotations: Document;
}

export type CompileSchema = (schema: unknown) => SchemaNode;

/** Compiles one keyword of a schema object; the whole object is there for keywords that pair up. */
export type KeywordCompiler = (
  value: unknown,
  schema: Document,
  compile: CompileSchema,
) => ((value: unknown) => SchemaFailure[]) | undefined;

export function schemaError(message: string): MongoCommandError {
  return new MongoCommandError('FailedToParse', message);
}

export function keywordTypeError(keyword: string, expected: string): MongoCommandError {
  return new MongoCommandError(
    'TypeMismatch',
    `$jsonSchema keyword '${keyword}' must be ${expected}`,
  );
}

export function schemaObject(value: unknown, keyword: string): Document {
  if (!isPlainObject(value)) throw keywordTypeError(keyword, 'an object');
  return value;
}

export function schemaArray(value: unknown, keyword: string): unknown[] {
  if (!Array.isArray(value)) throw keywordTypeError(keyword, 'an array');
  if (value.length === 0) {
    throw new MongoCommandError(
      'BadValue',
      `$jsonSchema keyword '${keyword}' cannot be an empty array`,
    );
  }
  return value;
}
