import type { Document } from 'bson';
import { catalogNumber, cappedMax, cappedSize } from '../engine/capped.js';
import { validationOf } from '../engine/validation.js';
import { MongoCommandError } from '../errors.js';
import { parseCollation } from '../values/collation.js';
import { bsonTypeOf, isNumeric, isPlainObject } from '../values/types.js';
import { asNumber } from './context.js';
import {
  checkValidationAction,
  checkValidationLevel,
  checkValidator,
} from './validator-options.js';

/** What a `create` command asks for: a view, or a collection with MongoDB's canonical options. */
export type CreateRequest =
  | { kind: 'view'; viewOn: string; pipeline: Document[] }
  | { kind: 'collection'; options: Document };

/** Arguments any command may carry; they are not collection options. */
export const GENERIC_ARGUMENTS = new Set([
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  'maxTimeMS',
  'readConcern',
  'writeConcern',
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  'stmtId',
  'comment',
  'clientOperationKey',
  'mayBypassWriteBlocking',
]);

const CREATE_FIELDS = new Set([
  'capped',
  'size',
  'max',
  'autoIndexId',
  'idIndex',
  'storageEngine',
  'validator',
  'validationLevel',
  'validationAction',
  'indexOptionDefaults',
  'viewOn',
  'pipeline',
  'collation',
  'changeStreamPreAndPostImages',
  'clusteredIndex',
  'expireAfterSeconds',
  'timeseries',
  'encryptedFields',
  'recordPreImages',
  'temp',
  'flags',
]);

export function wrongType(field: string, value: unknown, expected: string): MongoCommandError {
  return new MongoCommandError(
    'TypeMismatch',
    `BSON field '${field}' is the wrong type '${bsonTypeOf(value)}', expected type '${expected}'`,
  );
}

function objectField(cmd: Document, name: string): Document | undefined {
  const value: unknown = cmd[name];
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw wrongType(`create.${name}`, value, 'object');
  return value;
}

function boolField(cmd: Document, name: string): boolean | undefined {
  const value: unknown = cmd[name];
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value;
  if (isNumeric(value)) return asNumber(value, name) !== 0;
  throw wrongType(`create.${name}`, value, 'bool');
}

function numberField(cmd: Document, name: string): number | undefined {
  const value: unknown = cmd[name];
  if (value === undefined) return undefined;
  if (!isNumeric(value)) throw wrongType(`create.${name}`, value, 'long');
  return asNumber(value, name);
}

function checkFields(cmd: Document): void {
  for (const key of Object.keys(cmd).slice(1)) {
    if (key.startsWith('$') || GENERIC_ARGUMENTS.has(key) || CREATE_FIELDS.has(key)) continue;
    throw new MongoCommandError('Location40415', `BSON field 'create.${key}' is an unknown field.`);
  }
}

function viewRequest(cmd: Document): CreateRequest {
  const viewOn: unknown = cmd['viewOn'];
  if (typeof viewOn !== 'string') throw wrongType('create.viewOn', viewOn, 'string');
  if (viewOn.length === 0) throw new MongoCommandError('BadValue', "'viewOn' cannot be empty.'");
  const pipeline: unknown = cmd['pipeline'] ?? [];
  if (!Array.isArray(pipeline)) throw wrongType('create.pipeline', pipeline, 'array');
  pipeline.forEach((stage: unknown, i) => {
    if (!isPlainObject(stage)) throw wrongType(`create.pipeline.${i}`, stage, 'object');
  });
  for (const option of ['capped', 'validator', 'clusteredIndex', 'timeseries', 'idIndex']) {
    if (cmd[option] !== undefined && cmd[option] !== false) {
      throw new MongoCommandError('InvalidOptions', `option not supported on a view: ${option}`);
    }
  }
  return { kind: 'view', viewOn, pipeline: pipeline as Document[] };
}

function cappedOptions(cmd: Document, options: Document): void {
  const capped = boolField(cmd, 'capped') === true;
  const size = numberField(cmd, 'size');
  const max = numberField(cmd, 'max');
  if (capped && size === undefined) {
    throw new MongoCommandError(
      'InvalidOptions',
      "the 'size' field is required when 'capped' is true",
    );
  }
  if (!capped && (size !== undefined || max !== undefined)) {
    throw new MongoCommandError(
      'InvalidOptions',
      "the 'capped' field needs to be true when either the 'size' or 'max' fields are present",
    );
  }
  if (!capped || size === undefined) return;
  options['capped'] = true;
  options['size'] = catalogNumber(cappedSize(size));
  if (max !== undefined) options['max'] = catalogNumber(cappedMax(max));
}

/** `clusteredIndex` as MongoDB records it: `true`, or the spec with its version and name. */
function clusteredIndexOption(cmd: Document): Document | boolean | undefined {
  const value: unknown = cmd['clusteredIndex'];
  if (value === undefined || value === false) return undefined;
  if (value === true) return true;
  if (!isPlainObject(value)) {
    throw new MongoCommandError(
      'Location5979700',
      "'clusteredIndex' has to be a boolean or object.",
    );
  }
  if (value['unique'] !== true) {
    throw new MongoCommandError(
      'Location5979700',
      'The clusteredIndex option requires unique: true to be specified',
    );
  }
  const key: unknown = value['key'];
  const keys = isPlainObject(key) ? Object.entries(key) : [];
  const onId = keys.length === 1 && keys[0]?.[0] === '_id' && asNumber(keys[0][1], 'key._id') === 1;
  if (!onId) {
    throw new MongoCommandError(
      'InvalidIndexSpecificationOption',
      'The clusteredIndex option is only supported for key: {_id: 1}',
    );
  }
  const name: unknown = value['name'];
  return { v: 2, key, name: typeof name === 'string' ? name : '_id_', unique: true };
}

function preAndPostImagesOption(cmd: Document): Document | undefined {
  const value = objectField(cmd, 'changeStreamPreAndPostImages');
  if (!value) return undefined;
  const enabled: unknown = value['enabled'];
  if (typeof enabled !== 'boolean') {
    throw wrongType('create.changeStreamPreAndPostImages.enabled', enabled, 'bool');
  }
  if (enabled && boolField(cmd, 'recordPreImages') === true) {
    throw new MongoCommandError(
      'InvalidOptions',
      "'recordPreImages' and 'changeStreamPreAndPostImages.enabled' can not be set to true simultaneously",
    );
  }
  // MongoDB lists the option only while it is enabled.
  return enabled ? { enabled: true } : undefined;
}

function collectionRequest(cmd: Document): CreateRequest {
  const options: Document = {};
  cappedOptions(cmd, options);
  const autoIndexId = boolField(cmd, 'autoIndexId');
  if (autoIndexId !== undefined) options['autoIndexId'] = autoIndexId;
  const images = preAndPostImagesOption(cmd);
  if (images) options['changeStreamPreAndPostImages'] = images;
  const storageEngine = objectField(cmd, 'storageEngine');
  if (storageEngine) options['storageEngine'] = storageEngine;
  const indexOptionDefaults = objectField(cmd, 'indexOptionDefaults');
  if (indexOptionDefaults) options['indexOptionDefaults'] = indexOptionDefaults;
  const validator = objectField(cmd, 'validator');
  if (validator && Object.keys(validator).length > 0)
    options['validator'] = checkValidator(validator);
  if (cmd['validationLevel'] !== undefined) {
    options['validationLevel'] = checkValidationLevel(cmd['validationLevel'], 'create');
  }
  if (cmd['validationAction'] !== undefined) {
    options['validationAction'] = checkValidationAction(cmd['validationAction'], 'create');
  }
  const clustered = clusteredIndexOption(cmd);
  if (clustered !== undefined) options['clusteredIndex'] = clustered;
  const expireAfterSeconds = numberField(cmd, 'expireAfterSeconds');
  if (expireAfterSeconds !== undefined) {
    if (clustered === undefined) {
      throw new MongoCommandError(
        'InvalidOptions',
        "'expireAfterSeconds' is only supported on time-series collections or when the 'clusteredIndex' option is specified",
      );
    }
    options['expireAfterSeconds'] = catalogNumber(expireAfterSeconds);
  }
  validationOf(options);
  return { kind: 'collection', options };
}

/** Checks a `create` command as MongoDB 7.0 does and returns what it creates. */
export function parseCreate(cmd: Document): CreateRequest {
  checkFields(cmd);
  if (cmd['timeseries'] !== undefined) {
    throw new MongoCommandError(
      'CommandNotSupported',
      'time-series collections are not supported by the embedded server',
    );
  }
  if (cmd['encryptedFields'] !== undefined) {
    throw new MongoCommandError(
      'Location6346402',
      'Encrypted collections are not supported on standalone',
    );
  }
  // A default collation changes every operation that names none, the `_id` index included
  // (its uniqueness too); refused rather than stored and ignored.
  if (parseCollation(objectField(cmd, 'collation')) !== undefined) {
    throw new MongoCommandError(
      'CommandNotSupported',
      'a default collation on a collection or view is not supported by the embedded server; give the collation to each operation and index instead',
    );
  }
  if (cmd['pipeline'] !== undefined && cmd['viewOn'] === undefined) {
    throw new MongoCommandError(
      'InvalidOptions',
      "'pipeline' requires 'viewOn' to also be specified",
    );
  }
  return cmd['viewOn'] !== undefined ? viewRequest(cmd) : collectionRequest(cmd);
}
