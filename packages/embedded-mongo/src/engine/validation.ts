import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { MongoCommandError } from '../errors.js';
import { isPlainObject } from '../values/types.js';
import { compileFilter } from './query.js';
import { explainFilter } from './validation-details.js';

export const VALIDATION_LEVELS = ['off', 'strict', 'moderate'] as const;
export const VALIDATION_ACTIONS = ['error', 'warn'] as const;

export type ValidationLevel = (typeof VALIDATION_LEVELS)[number];
export type ValidationAction = (typeof VALIDATION_ACTIONS)[number];

/** What a write command says about document validation (`bypassDocumentValidation`). */
export interface WriteChecks {
  bypassDocumentValidation?: boolean;
}

/** The checks a write command asks for. */
export function writeChecksOf(cmd: Document): WriteChecks {
  return { bypassDocumentValidation: cmd['bypassDocumentValidation'] === true };
}

/** A collection's validator with its level and action, ready to check writes. */
export class Validation {
  readonly #validator: Document;
  readonly #query: Query;
  readonly #level: ValidationLevel;
  readonly #action: ValidationAction;

  constructor(validator: Document, level: ValidationLevel, action: ValidationAction) {
    this.#validator = validator;
    this.#query = compileFilter(validator);
    this.#level = level;
    this.#action = action;
  }

  #enforced(checks: WriteChecks | undefined): boolean {
    return (
      this.#level !== 'off' && this.#action === 'error' && checks?.bypassDocumentValidation !== true
    );
  }

  #fail(doc: Document): MongoCommandError {
    return new MongoCommandError('DocumentValidationFailure', 'Document failed validation', {
      errInfo: {
        failingDocumentId: doc['_id'] as unknown,
        details: explainFilter(this.#validator, doc),
      },
    });
  }

  checkInsert(doc: Document, checks: WriteChecks | undefined): void {
    if (this.#enforced(checks) && !this.#query.test(doc)) throw this.#fail(doc);
  }

  /** Under `moderate`, a document that already broke the rules may be updated freely. */
  checkUpdate(previous: Document, next: Document, checks: WriteChecks | undefined): void {
    if (!this.#enforced(checks) || this.#query.test(next)) return;
    if (this.#level === 'moderate' && !this.#query.test(previous)) return;
    throw this.#fail(next);
  }
}

/** The validation a collection's options ask for; undefined when there is none. */
export function validationOf(options: Document): Validation | undefined {
  const validator: unknown = options['validator'];
  if (!isPlainObject(validator) || Object.keys(validator).length === 0) return undefined;
  const level = (options['validationLevel'] as ValidationLevel | undefined) ?? 'strict';
  const action = (options['validationAction'] as ValidationAction | undefined) ?? 'error';
  return new Validation(validator, level, action);
}
