import type { Document } from 'bson';
import {
  catalogNumber,
  cappedMax,
  cappedSize,
  CappedCollection,
  type CappedLimits,
} from '../engine/capped.js';
import type { Collection } from '../engine/collection.js';
import { modifyView, viewDefinition, type ViewDefinition } from '../engine/views.js';
import { MongoCommandError } from '../errors.js';
import { isNumeric, isPlainObject } from '../values/types.js';
import { asNumber, collectionName, type CommandHandler } from './context.js';
import { wrongType } from './create-options.js';
import { modifyIndex } from './coll-mod-index.js';
import {
  checkValidationAction,
  checkValidationLevel,
  checkValidator,
} from './validator-options.js';

const GENERIC_ARGUMENTS = new Set([
  'writeConcern',
  'lsid',
  'comment',
  'maxTimeMS',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
]);

const COLL_MOD_FIELDS = new Set([
  'validator',
  'validationLevel',
  'validationAction',
  'index',
  'viewOn',
  'pipeline',
  'changeStreamPreAndPostImages',
  'cappedSize',
  'cappedMax',
  'expireAfterSeconds',
  'dryRun',
  'recordPreImages',
  'timeseries',
  'collectionUUID',
]);

const VIEW_FIELDS = new Set(['viewOn', 'pipeline']);

/** Fields of collMod that are not modifications of their own. */
const INDEX_ARGUMENTS = new Set(['index', 'dryRun', 'collectionUUID']);

function checkFields(cmd: Document): void {
  for (const key of Object.keys(cmd).slice(1)) {
    if (key.startsWith('$') || GENERIC_ARGUMENTS.has(key) || COLL_MOD_FIELDS.has(key)) continue;
    throw new MongoCommandError(
      'Location40415',
      `BSON field 'collMod.${key}' is an unknown field.`,
    );
  }
}

function onlyOnView(field: string): MongoCommandError {
  return new MongoCommandError('InvalidOptions', `option only supported on a view: ${field}`);
}

function modifyViewCommand(
  cmd: Document,
  db: string,
  view: ViewDefinition,
  ctx: Parameters<CommandHandler>[2],
): Document {
  for (const key of Object.keys(cmd).slice(1)) {
    if (COLL_MOD_FIELDS.has(key) && !VIEW_FIELDS.has(key)) {
      throw new MongoCommandError('InvalidOptions', `option not supported on a view: ${key}`);
    }
  }
  const next = { ...view };
  if (cmd['viewOn'] !== undefined) {
    if (typeof cmd['viewOn'] !== 'string')
      throw wrongType('collMod.viewOn', cmd['viewOn'], 'string');
    if (cmd['viewOn'].length === 0)
      throw new MongoCommandError('BadValue', "'viewOn' cannot be empty");
    next.viewOn = cmd['viewOn'];
  }
  if (cmd['pipeline'] !== undefined) {
    const pipeline: unknown = cmd['pipeline'];
    if (!Array.isArray(pipeline)) throw wrongType('collMod.pipeline', pipeline, 'array');
    next.pipeline = pipeline.filter(isPlainObject);
  }
  modifyView(ctx.engine, db, next);
  return { ok: 1 };
}

function cappedChanges(
  cmd: Document,
  coll: Collection,
  options: Document,
): CappedLimits | undefined {
  if (cmd['cappedSize'] === undefined && cmd['cappedMax'] === undefined) return undefined;
  if (!(coll instanceof CappedCollection)) {
    throw new MongoCommandError('InvalidOptions', 'Collection must be capped.');
  }
  const limits = { ...coll.limits };
  if (cmd['cappedSize'] !== undefined) {
    if (!isNumeric(cmd['cappedSize']))
      throw wrongType('collMod.cappedSize', cmd['cappedSize'], 'long');
    limits.size = cappedSize(asNumber(cmd['cappedSize'], 'cappedSize') ?? 0);
    options['size'] = catalogNumber(limits.size);
  }
  if (cmd['cappedMax'] !== undefined) {
    if (!isNumeric(cmd['cappedMax']))
      throw wrongType('collMod.cappedMax', cmd['cappedMax'], 'long');
    limits.max = cappedMax(asNumber(cmd['cappedMax'], 'cappedMax') ?? 0);
    options['max'] = catalogNumber(limits.max);
  }
  return limits;
}

function validationChanges(cmd: Document, options: Document): void {
  if (cmd['validator'] !== undefined) {
    const validator: unknown = cmd['validator'];
    if (!isPlainObject(validator)) throw wrongType('collMod.validator', validator, 'object');
    if (Object.keys(validator).length === 0) delete options['validator'];
    else options['validator'] = checkValidator(validator);
  }
  if (cmd['validationLevel'] !== undefined) {
    options['validationLevel'] = checkValidationLevel(cmd['validationLevel'], 'collMod');
  }
  if (cmd['validationAction'] !== undefined) {
    options['validationAction'] = checkValidationAction(cmd['validationAction'], 'collMod');
  }
}

function preAndPostImagesChange(cmd: Document, options: Document): void {
  const value: unknown = cmd['changeStreamPreAndPostImages'];
  if (value === undefined) return;
  if (!isPlainObject(value))
    throw wrongType('collMod.changeStreamPreAndPostImages', value, 'object');
  if (typeof value['enabled'] !== 'boolean') {
    throw wrongType('collMod.changeStreamPreAndPostImages.enabled', value['enabled'], 'bool');
  }
  if (value['enabled']) options['changeStreamPreAndPostImages'] = { enabled: true };
  else delete options['changeStreamPreAndPostImages'];
}

/** MongoDB keeps collection options in one order, whatever order they were set in. */
const OPTION_ORDER = [
  'capped',
  'size',
  'max',
  'autoIndexId',
  'changeStreamPreAndPostImages',
  'storageEngine',
  'indexOptionDefaults',
  'validator',
  'validationLevel',
  'validationAction',
  'collation',
  'clusteredIndex',
  'expireAfterSeconds',
];

function ordered(options: Document): Document {
  const out: Document = {};
  for (const key of OPTION_ORDER) if (options[key] !== undefined) out[key] = options[key];
  for (const [key, value] of Object.entries(options)) if (out[key] === undefined) out[key] = value;
  return out;
}

/** collMod: a collection's validation, capped limits, change stream images or one index; or a view. */
export const collMod: CommandHandler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'collMod');
  checkFields(cmd);
  const coll = ctx.engine.collection(db, name);
  if (!coll) {
    const view = viewDefinition(ctx.engine, db, name);
    if (view) return modifyViewCommand(cmd, db, view, ctx);
    throw new MongoCommandError('NamespaceNotFound', 'ns does not exist');
  }
  for (const field of VIEW_FIELDS) if (cmd[field] !== undefined) throw onlyOnView(field);
  if (cmd['timeseries'] !== undefined) {
    throw new MongoCommandError(
      'InvalidOptions',
      'option only supported on a time-series collection: timeseries',
    );
  }
  const options: Document = { ...coll.options };
  const limits = cappedChanges(cmd, coll, options);
  validationChanges(cmd, options);
  preAndPostImagesChange(cmd, options);
  const dryRun = cmd['dryRun'] === true;
  const others = Object.keys(cmd).filter((k) => COLL_MOD_FIELDS.has(k) && !INDEX_ARGUMENTS.has(k));
  const reply = modifyIndex(cmd, coll, dryRun, others.length);
  if (dryRun) return { ...reply, ok: 1 };
  if (limits && coll instanceof CappedCollection) coll.setLimits(limits);
  coll.setOptions(ordered(options));
  reply['ok'] = 1;
  return reply;
};
