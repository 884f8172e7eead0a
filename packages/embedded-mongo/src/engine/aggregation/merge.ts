import { ObjectId, type Document } from 'bson';
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { MongoCommandError } from '../../errors.js';
import { isPlainObject } from '../../values/types.js';
import { withIdFirst, type Collection } from '../collection.js';
import type { Engine } from '../engine.js';
import { PIPELINE_OPTIONS } from '../pipeline-options.js';
import { matching, type QueryOptions } from '../query.js';
import { applyUpdate, buildUpsertDocument, type UpdateSpec } from '../update.js';
import { parseMergeSpec, type MergeSpec } from './merge-spec.js';
import type { WriteStage } from './out.js';

/**
 * `$merge`: each output document is matched to a target document by the `on` fields and, as
 * MongoDB does it, written as an update of that document (replace, merge its fields, keep the
 * existing one, or run a pipeline on it) or as an insert; `whenMatched: "fail"` is a plain
 * insert, so a match fails with the duplicate key error of the unique index.
 */

function onFieldError(code: 'Location51132' | 'Location51185'): MongoCommandError {
  return new MongoCommandError(
    code,
    "$merge write error: 'on' field cannot be missing, null, undefined or an array",
  );
}

/** The value of a dotted `on` field; arrays on the way and null or missing values are refused. */
function onValue(doc: Document, path: string): unknown {
  let value: unknown = doc;
  for (const name of path.split('.')) {
    if (!isPlainObject(value)) {
      value = undefined;
      break;
    }
    value = value[name];
    if (Array.isArray(value)) throw onFieldError('Location51185');
  }
  if (value === null || value === undefined) throw onFieldError('Location51132');
  return value;
}

function sameFields(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((field) => b.includes(field));
}

/** `on` must name `_id` or the fields of a unique index, so that at most one document matches. */
function checkSupportingIndex(coll: Collection | undefined, on: string[]): void {
  if (on.length === 1 && on[0] === '_id') return;
  const supported = coll?.indexes.some(
    (index) =>
      index.unique === true &&
      index.partialFilterExpression === undefined &&
      sameFields(Object.keys(index.key), on),
  );
  if (!supported) {
    throw new MongoCommandError(
      'Location51183',
      'Cannot find index to verify that join fields will be unique',
    );
  }
}

function noMatch(): MongoCommandError {
  return new MongoCommandError(
    'MergeStageNoMatchingDocument',
    '$merge could not find a matching document in the target collection for at least one document in the source collection',
  );
}

/** The variables a `whenMatched` pipeline sees: the command's, then the stage's `let` evaluated on the document. */
function pipelineVariables(
  spec: MergeSpec,
  doc: Document,
  options: QueryOptions | undefined,
): Document {
  const evaluation = { ...PIPELINE_OPTIONS, variables: options?.variables ?? {} } as Options;
  const variables: Document = { ...options?.variables };
  for (const [name, expr] of Object.entries(spec.let)) {
    variables[name] = evalExpr(doc, expr, evaluation);
  }
  return variables;
}

class MergeWriter {
  readonly #engine: Engine;
  readonly #spec: MergeSpec;
  readonly #options: QueryOptions | undefined;
  #coll: Collection | undefined;

  constructor(engine: Engine, spec: MergeSpec, options: QueryOptions | undefined) {
    this.#engine = engine;
    this.#spec = spec;
    this.#options = options;
    this.#coll = engine.collection(spec.target.db, spec.target.coll);
    checkSupportingIndex(this.#coll, spec.on);
  }

  #target(): Collection {
    this.#coll ??= this.#engine.ensureCollection(this.#spec.target.db, this.#spec.target.coll).coll;
    return this.#coll;
  }

  write(output: Document): void {
    const { on, whenMatched } = this.#spec;
    const doc =
      on.includes('_id') && output['_id'] === undefined
        ? { ...output, _id: new ObjectId() }
        : output;
    const filter: Document = {};
    for (const field of on) filter[field] = onValue(doc, field);
    if (whenMatched === 'fail') {
      this.#target().insert(withIdFirst(doc), this.#options);
      return;
    }
    let matched: Document | undefined;
    if (this.#coll) for (const found of matching(this.#coll, filter)) matched ??= found;
    if (matched) this.#update(matched, doc, filter);
    else this.#insert(doc, filter);
  }

  #update(matched: Document, doc: Document, filter: Document): void {
    const { whenMatched } = this.#spec;
    if (whenMatched === 'keepExisting') return;
    let update: UpdateSpec;
    let variables: Document | undefined;
    if (Array.isArray(whenMatched)) {
      update = whenMatched;
      variables = pipelineVariables(this.#spec, doc, this.#options);
    } else {
      update = whenMatched === 'replace' ? doc : { $set: doc };
    }
    let result;
    try {
      result = applyUpdate(matched, update, { filter, variables });
    } catch (err) {
      if (err instanceof MongoCommandError && err.codeName === 'ImmutableField') {
        throw new MongoCommandError(
          'ImmutableField',
          `$merge failed to update the matching document, did you attempt to modify the _id or the shard key? :: caused by :: ${err.message}`,
        );
      }
      throw err;
    }
    if (result.modified) this.#target().replace(matched, result.doc, this.#options);
  }

  #insert(doc: Document, filter: Document): void {
    const { whenMatched, whenNotMatched } = this.#spec;
    if (whenNotMatched === 'discard') return;
    if (whenNotMatched === 'fail') throw noMatch();
    let inserted: Document;
    if (Array.isArray(whenMatched)) inserted = withIdFirst(doc);
    else if (whenMatched === 'replace') inserted = buildUpsertDocument(filter, doc);
    else if (whenMatched === 'merge') inserted = buildUpsertDocument(filter, { $set: doc });
    else inserted = buildUpsertDocument(filter, { $setOnInsert: doc });
    this.#target().insert(inserted, this.#options);
  }
}

export function mergeStage(
  engine: Engine,
  db: string,
  value: unknown,
  options: QueryOptions | undefined,
): WriteStage {
  const spec = parseMergeSpec(value, db);
  return (docs) => {
    const writer = new MergeWriter(engine, spec, options);
    for (const doc of docs) writer.write(doc);
  };
}
