import type { Document } from 'bson';
import { MongoCommandError } from '../../errors.js';
import { isPlainObject } from '../../values/types.js';
import { typeName } from './operands.js';
import { checkFields, checkTarget, parseTarget, type WriteTarget } from './write-target.js';

export type WhenMatched = 'replace' | 'keepExisting' | 'merge' | 'fail' | Document[];
export type WhenNotMatched = 'insert' | 'discard' | 'fail';

/** A checked `$merge` specification. */
export interface MergeSpec {
  target: WriteTarget;
  /** The fields that identify a target document; `_id` unless `on` says otherwise. */
  on: string[];
  whenMatched: WhenMatched;
  whenNotMatched: WhenNotMatched;
  /** The variables of a `whenMatched` pipeline; `new` is the document being merged. */
  let: Document;
}

const MATCHED_MODES = ['replace', 'keepExisting', 'merge', 'fail'] as const;
const NOT_MATCHED_MODES = ['insert', 'discard', 'fail'] as const;

/** The whenNotMatched modes each whenMatched mode can be combined with. */
const COMBINATIONS: Readonly<Record<string, readonly WhenNotMatched[]>> = {
  replace: ['insert', 'fail', 'discard'],
  merge: ['insert', 'fail', 'discard'],
  pipeline: ['insert', 'fail', 'discard'],
  keepExisting: ['insert'],
  fail: ['insert'],
};

function enumValue<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string') {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '$merge.${field}' is the wrong type '${typeName(value)}', expected type 'string'`,
    );
  }
  if (!(allowed as readonly string[]).includes(value)) {
    throw new MongoCommandError(
      'BadValue',
      `Enumeration value '${value}' for field '$merge.${field}' is not a valid value.`,
    );
  }
  return value as T;
}

function parseOn(value: unknown): string[] {
  if (value === undefined) return ['_id'];
  const fields = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(fields) || fields.some((f) => typeof f !== 'string')) {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '$merge.on' is the wrong type '${typeName(value)}', expected types '[string, array]'`,
    );
  }
  const seen = new Set<string>();
  for (const field of fields as string[]) {
    if (seen.has(field)) {
      throw new MongoCommandError('Location31465', `Found a duplicate field '${field}'`);
    }
    seen.add(field);
  }
  return fields as string[];
}

function parseWhenMatched(value: unknown): WhenMatched {
  if (value === undefined) return 'merge';
  if (Array.isArray(value)) {
    if (!value.every(isPlainObject)) {
      throw new MongoCommandError(
        'TypeMismatch',
        "BSON field '$merge.whenMatched' is the wrong type, expected an array of objects",
      );
    }
    return value;
  }
  return enumValue('whenMatched', value, MATCHED_MODES);
}

function modeName(mode: WhenMatched): string {
  return Array.isArray(mode) ? 'pipeline' : mode;
}

function parseLet(value: unknown, whenMatched: WhenMatched): Document {
  if (value === undefined) return { new: '$$ROOT' };
  if (!Array.isArray(whenMatched)) {
    throw new MongoCommandError(
      'Location51199',
      `Cannot use 'let' variables with 'whenMatched: ${modeName(whenMatched)}' mode`,
    );
  }
  if (!isPlainObject(value)) {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '$merge.let' is the wrong type '${typeName(value)}', expected type 'object'`,
    );
  }
  if (value['new'] !== undefined && value['new'] !== '$$ROOT') {
    throw new MongoCommandError(
      'Location51273',
      "'let' may not define a value for the reserved 'new' variable other than '$$ROOT'",
    );
  }
  return { new: '$$ROOT', ...value };
}

export function parseMergeSpec(value: unknown, db: string): MergeSpec {
  if (typeof value !== 'string' && !isPlainObject(value)) {
    throw new MongoCommandError(
      'Location51182',
      `$merge only supports a string or object argument, not ${typeName(value)}`,
    );
  }
  const spec: Document = typeof value === 'string' ? { into: value } : value;
  checkFields('$merge', spec, [
    'into',
    'on',
    'let',
    'whenMatched',
    'whenNotMatched',
    'targetCollectionVersion',
  ]);
  if (spec['into'] === undefined) {
    throw new MongoCommandError(
      'Location40414',
      "BSON field '$merge.into' is missing but a required field",
    );
  }
  const target = parseTarget('$merge', '$merge.into', spec['into'], db);
  checkTarget('$merge', target);
  const whenMatched = parseWhenMatched(spec['whenMatched']);
  const whenNotMatched: WhenNotMatched =
    spec['whenNotMatched'] === undefined
      ? 'insert'
      : enumValue('whenNotMatched', spec['whenNotMatched'], NOT_MATCHED_MODES);
  if (!COMBINATIONS[modeName(whenMatched)]?.includes(whenNotMatched)) {
    throw new MongoCommandError(
      'Location51181',
      `Combination of $merge modes 'whenMatched: ${modeName(whenMatched)}' and 'whenNotMatched: ${whenNotMatched}' is not supported`,
    );
  }
  return {
    target,
    on: parseOn(spec['on']),
    whenMatched,
    whenNotMatched,
    let: parseLet(spec['let'], whenMatched),
  };
}
