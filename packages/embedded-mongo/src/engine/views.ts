import type { Document } from 'bson';
import { OpType } from 'mingo/core';
import { isPlainObject, valueKey } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import type { Collection } from './collection.js';
import type { Engine } from './engine.js';
import { PIPELINE_OPTIONS } from './pipeline-options.js';

/**
 * Views live where MongoDB keeps them: one document per view in `<db>.system.views`, keyed by
 * the view's namespace. So they persist with the other collections, `listCollections` shows
 * `system.views` as MongoDB does, and `dropDatabase` takes them along.
 */
export const SYSTEM_VIEWS = 'system.views';

const MAX_VIEW_DEPTH = 20;

/** Stages a view may not hold: they write, or they need a replica set. */
const WRITING_STAGES = new Set(['$out', '$merge']);

export interface ViewDefinition {
  name: string;
  viewOn: string;
  pipeline: Document[];
}

/** A view traced down to the collection under it, with every pipeline on the way, outermost last. */
export interface ResolvedView {
  name: string;
  source: string;
  coll: Collection | undefined;
  pipeline: Document[];
}

function definitionOf(name: string, doc: Document): ViewDefinition | undefined {
  const viewOn: unknown = doc['viewOn'];
  const pipeline: unknown = doc['pipeline'];
  if (typeof viewOn !== 'string' || !Array.isArray(pipeline)) return undefined;
  return { name, viewOn, pipeline: pipeline.filter(isPlainObject) };
}

export function viewDefinition(
  engine: Engine,
  db: string,
  name: string,
): ViewDefinition | undefined {
  const doc = engine.collection(db, SYSTEM_VIEWS)?.docs.get(valueKey(`${db}.${name}`));
  return doc ? definitionOf(name, doc) : undefined;
}

export function isView(engine: Engine, db: string, name: string): boolean {
  return viewDefinition(engine, db, name) !== undefined;
}

export function viewsOf(engine: Engine, db: string): ViewDefinition[] {
  const catalog = engine.collection(db, SYSTEM_VIEWS);
  if (!catalog) return [];
  const prefix = `${db}.`;
  const out: ViewDefinition[] = [];
  for (const doc of catalog.docs.values()) {
    const id: unknown = doc['_id'];
    if (typeof id !== 'string' || !id.startsWith(prefix)) continue;
    const definition = definitionOf(id.slice(prefix.length), doc);
    if (definition) out.push(definition);
  }
  return out;
}

/** Follows a view down to its collection; undefined when `name` is not a view. */
export function resolveView(engine: Engine, db: string, name: string): ResolvedView | undefined {
  let definition = viewDefinition(engine, db, name);
  if (!definition) return undefined;
  const pipelines: Document[][] = [];
  let source = name;
  for (let depth = 0; definition; depth++) {
    if (depth >= MAX_VIEW_DEPTH) {
      throw new MongoCommandError(
        'ViewDepthLimitExceeded',
        `View depth too deep or view cycle detected; maximum depth is ${MAX_VIEW_DEPTH}`,
      );
    }
    pipelines.unshift(definition.pipeline);
    source = definition.viewOn;
    definition = viewDefinition(engine, db, source);
  }
  return { name, source, coll: engine.collection(db, source), pipeline: pipelines.flat() };
}

function invalidPipeline(db: string, name: string, reason: string): MongoCommandError {
  return new MongoCommandError(
    'OptionNotSupportedOnView',
    `Invalid pipeline for view ${db}.${name} :: caused by :: ${reason}`,
  );
}

/** The checks MongoDB makes on a view's pipeline when the view is defined. */
function checkPipeline(db: string, name: string, pipeline: Document[]): void {
  pipeline.forEach((stage, location) => {
    const keys = Object.keys(stage);
    const stageName = keys[0];
    if (keys.length !== 1 || stageName === undefined) {
      throw new MongoCommandError(
        'Location40323',
        'A pipeline stage specification object must contain exactly one field.',
      );
    }
    if (WRITING_STAGES.has(stageName)) {
      throw invalidPipeline(
        db,
        name,
        `The aggregation stage ${stageName} in location ${location} of the pipeline cannot be used in the view definition of ${db}.${name} because it writes to disk`,
      );
    }
    if (stageName === '$changeStream') {
      throw invalidPipeline(db, name, '$changeStream cannot be used in a view definition');
    }
    if (!PIPELINE_OPTIONS.context?.getOperator(OpType.PIPELINE, stageName)) {
      throw new MongoCommandError(
        'Location40324',
        `Unrecognized pipeline stage name: '${stageName}'`,
      );
    }
  });
}

/** Refuses a definition under which `name` would reach itself or nest too deep. */
function checkGraph(engine: Engine, db: string, name: string, viewOn: string): void {
  const chain = [`${db}.${name}`];
  let next: string | undefined = viewOn;
  while (next !== undefined) {
    chain.push(`${db}.${next}`);
    if (next === name) {
      throw new MongoCommandError(
        'GraphContainsCycle',
        `View cycle detected: ${chain.join(' => ')}`,
      );
    }
    if (chain.length > MAX_VIEW_DEPTH + 1) {
      throw new MongoCommandError(
        'ViewDepthLimitExceeded',
        `View depth limit exceeded; maximum depth is ${MAX_VIEW_DEPTH}`,
      );
    }
    next = viewDefinition(engine, db, next)?.viewOn;
  }
}

function definitionDocument(db: string, definition: ViewDefinition): Document {
  return {
    _id: `${db}.${definition.name}`,
    viewOn: definition.viewOn,
    pipeline: definition.pipeline,
  };
}

export function createView(engine: Engine, db: string, definition: ViewDefinition): void {
  checkPipeline(db, definition.name, definition.pipeline);
  checkGraph(engine, db, definition.name, definition.viewOn);
  const { coll } = engine.ensureCollection(db, SYSTEM_VIEWS);
  coll.insert(definitionDocument(db, definition), { bypassDocumentValidation: true });
}

export function modifyView(engine: Engine, db: string, definition: ViewDefinition): void {
  checkPipeline(db, definition.name, definition.pipeline);
  checkGraph(engine, db, definition.name, definition.viewOn);
  const catalog = engine.collection(db, SYSTEM_VIEWS);
  const previous = catalog?.docs.get(valueKey(`${db}.${definition.name}`));
  if (!catalog || !previous) return;
  catalog.replace(previous, definitionDocument(db, definition), { bypassDocumentValidation: true });
}

export function dropView(engine: Engine, db: string, name: string): boolean {
  const catalog = engine.collection(db, SYSTEM_VIEWS);
  const doc = catalog?.docs.get(valueKey(`${db}.${name}`));
  if (!catalog || !doc) return false;
  catalog.remove(doc);
  return true;
}

export function viewNotCollectionError(db: string, name: string): MongoCommandError {
  return new MongoCommandError(
    'CommandNotSupportedOnView',
    `Namespace ${db}.${name} is a view, not a collection`,
  );
}
