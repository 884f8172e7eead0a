import type { Document } from 'bson';
import { MongoCommandError } from '../../errors.js';
import { isPlainObject } from '../../values/types.js';
import { typeName } from './operands.js';

/** The collection a `$out` or `$merge` writes into. */
export interface WriteTarget {
  db: string;
  coll: string;
}

/** Refuses fields a stage's IDL does not know, as MongoDB does. */
export function checkFields(stage: string, spec: Document, known: readonly string[]): void {
  for (const field of Object.keys(spec)) {
    if (!known.includes(field)) {
      throw new MongoCommandError(
        'Location40415',
        `BSON field '${stage}.${field}' is an unknown field.`,
      );
    }
  }
}

function requiredString(stage: string, spec: Document, field: string): string {
  const value: unknown = spec[field];
  if (value === undefined) {
    throw new MongoCommandError(
      'Location40414',
      `BSON field '${stage}.${field}' is missing but a required field`,
    );
  }
  if (typeof value !== 'string') {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '${stage}.${field}' is the wrong type '${typeName(value)}', expected type 'string'`,
    );
  }
  return value;
}

/** A target given as a collection name, or as `{ db, coll }` (`db` optional for `$merge`). */
export function parseTarget(
  stage: '$out' | '$merge',
  field: string,
  spec: unknown,
  db: string,
): WriteTarget {
  if (typeof spec === 'string') return { db, coll: spec };
  if (!isPlainObject(spec)) {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '${field}' is the wrong type '${typeName(spec)}', expected types '[string, object]'`,
    );
  }
  checkFields(field, spec, ['db', 'coll']);
  const coll = requiredString(field, spec, 'coll');
  const target =
    stage === '$out' || spec['db'] !== undefined ? requiredString(field, spec, 'db') : db;
  return { db: target, coll };
}

/** Refuses what MongoDB refuses to write into: an invalid name, a system collection. */
export function checkTarget(stage: '$out' | '$merge', target: WriteTarget): void {
  const { db, coll } = target;
  const invalidDb = db.length === 0 || [...'/\\. "$\u0000'].some((c) => db.includes(c));
  const invalidColl =
    coll.length === 0 || coll.includes('\u0000') || coll.startsWith('.') || coll.includes('$');
  if (invalidDb || invalidColl) {
    throw new MongoCommandError(
      'InvalidNamespace',
      `Invalid ${stage} target namespace: '${db}.${coll}'`,
    );
  }
  if (coll.startsWith('system.')) {
    if (stage === '$out') {
      throw new MongoCommandError('Location17385', `Can't $out to special collection: ${coll}`);
    }
    throw new MongoCommandError('Location31319', `Cannot $merge to special collection: ${coll}`);
  }
  if (stage === '$merge' && (db === 'admin' || db === 'local' || db === 'config')) {
    throw new MongoCommandError('Location31320', `Cannot $merge to internal database: ${db}`);
  }
}
