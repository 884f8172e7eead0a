import type { Document } from 'bson';
import { Query } from 'mingo/query';
import { isPlainObject } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import type { Collation } from '../values/collation.js';
import { QUERY_OPTIONS } from './mingo-options.js';
import { withQueryOptions } from './query.js';

/**
 * Update paths: parsing `a.b`, `a.$`, `a.$[]` and `a.$[id].b`, refusing paths that conflict,
 * and finding the places in a document an update operator acts on.
 */
export type Segment =
  | { kind: 'field'; name: string }
  | { kind: 'first' }
  | { kind: 'all' }
  | { kind: 'filtered'; id: string };

export interface UpdatePath {
  text: string;
  segments: Segment[];
}

export function parsePath(text: string): UpdatePath {
  if (text === '') {
    throw new MongoCommandError('EmptyFieldName', 'An empty update path is not valid.');
  }
  const segments = text.split('.').map((part): Segment => {
    if (part === '') {
      throw new MongoCommandError(
        'EmptyFieldName',
        `The update path '${text}' contains an empty field name, which is not allowed.`,
      );
    }
    if (part === '$') return { kind: 'first' };
    if (part === '$[]') return { kind: 'all' };
    const filtered = /^\$\[(.*)\]$/.exec(part);
    if (filtered) {
      const id = filtered[1] as string;
      if (!/^[a-z][a-zA-Z0-9]*$/.test(id)) {
        throw new MongoCommandError(
          'BadValue',
          `Error parsing array filter :: caused by :: The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${id}'`,
        );
      }
      return { kind: 'filtered', id };
    }
    return { kind: 'field', name: part };
  });
  return { text, segments };
}

/** The path up to (not including) its first positional segment, e.g. `a.b` of `a.b.$[x].c`. */
export function fieldPrefix(path: UpdatePath): string[] {
  const names: string[] = [];
  for (const segment of path.segments) {
    if (segment.kind !== 'field') break;
    names.push(segment.name);
  }
  return names;
}

function pathKey(segment: Segment): string {
  switch (segment.kind) {
    case 'field':
      return segment.name;
    case 'first':
      return '$';
    case 'all':
      return '$[]';
    case 'filtered':
      return `$[${segment.id}]`;
  }
}

/** Refuses two paths of one update where one is the other or lies inside it (code 40). */
export function assertNoConflicts(paths: readonly UpdatePath[]): void {
  const seen: UpdatePath[] = [];
  for (const path of paths) {
    for (const other of seen) {
      const shorter = Math.min(path.segments.length, other.segments.length);
      let same = true;
      for (let i = 0; i < shorter; i++) {
        if (pathKey(path.segments[i] as Segment) !== pathKey(other.segments[i] as Segment)) {
          same = false;
          break;
        }
      }
      if (same) {
        const at = path.segments.slice(0, shorter).map(pathKey).join('.');
        throw new MongoCommandError(
          'ConflictingUpdateOperators',
          `Updating the path '${path.text}' would create a conflict at '${at}'`,
        );
      }
    }
    seen.push(path);
  }
}

/** Where an operator acts: the container holding the field and the field's key (or array index). */
export interface Target {
  parent: Document | unknown[];
  key: string | number;
  /** The dotted path of this place in the document, positional segments resolved. */
  path: string;
}

export interface ArrayFilters {
  /** The filter of each identifier, as a query on a document `{ <id>: element }`. */
  byId: Map<string, Query>;
  used: Set<string>;
}

/** Compiles `arrayFilters`; each one names one identifier (`{ x: ... }` or `{ 'x.f': ... }`). */
export function compileArrayFilters(
  filters: readonly Document[] | undefined,
  collation?: Collation,
): ArrayFilters {
  const grouped = new Map<string, Document>();
  for (const filter of filters ?? []) {
    const ids = new Set(Object.keys(filter).map((key) => key.split('.')[0] as string));
    if (ids.size !== 1) {
      throw new MongoCommandError(
        'FailedToParse',
        `Error parsing array filter :: caused by :: Expected a single top-level field name, found ${[...ids].map((id) => `'${id}'`).join(' and ')}`,
      );
    }
    const id = [...ids][0] as string;
    if (grouped.has(id)) {
      throw new MongoCommandError(
        'FailedToParse',
        `Found multiple array filters with the same top-level field name ${id}`,
      );
    }
    grouped.set(id, filter);
  }
  const byId = new Map<string, Query>();
  const options = withQueryOptions(QUERY_OPTIONS, { collation });
  for (const [id, filter] of grouped) byId.set(id, new Query(filter, options));
  return { byId, used: new Set() };
}

/** Refuses array filters no path of the update uses, as MongoDB does. */
export function assertAllFiltersUsed(filters: ArrayFilters, update: Document): void {
  for (const id of filters.byId.keys()) {
    if (!filters.used.has(id)) {
      throw new MongoCommandError(
        'FailedToParse',
        `The array filter for identifier '${id}' was not used in the update ${JSON.stringify(update)}`,
      );
    }
  }
}

/** What the walk needs besides the path: the query (for `$`) and the array filters (for `$[id]`). */
export interface WalkContext {
  filter: Document;
  arrayFilters: ArrayFilters;
  /** Create missing fields on the way (operators that write); false for `$unset`, `$pop`, `$pull`. */
  create: boolean;
  /** The document being updated, for error messages. */
  doc: Document;
  /** The statement's collation: `$` finds the element the query matched under it. */
  collation?: Collation | undefined;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function isIndex(name: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(name);
}

/** The index of the first element of the array at `arrayPath` that the query matched (`$`). */
function firstMatchedIndex(
  array: unknown[],
  arrayPath: string,
  filter: Document,
  collation: Collation | undefined,
): number {
  const conditions: Document = {};
  for (const [key, condition] of Object.entries(filter)) {
    if (key === arrayPath || key.startsWith(`${arrayPath}.`)) conditions[key] = condition;
  }
  if (Object.keys(conditions).length === 0) {
    throw new MongoCommandError(
      'BadValue',
      'The positional operator did not find the match needed from the query.',
    );
  }
  const query = new Query(conditions, withQueryOptions(QUERY_OPTIONS, { collation }));
  for (let i = 0; i < array.length; i++) {
    const probe: Document = {};
    let node = probe;
    const names = arrayPath.split('.');
    names.forEach((name, at) => {
      if (at === names.length - 1) node[name] = [array[i]];
      else node = node[name] = {} as Document;
    });
    if (query.test(probe)) return i;
  }
  throw new MongoCommandError(
    'BadValue',
    'The positional operator did not find the match needed from the query.',
  );
}

function elementIndexes(
  array: unknown[],
  segment: Segment,
  arrayPath: string,
  context: WalkContext,
): number[] {
  if (segment.kind === 'all') return array.map((_, i) => i);
  if (segment.kind === 'first')
    return [firstMatchedIndex(array, arrayPath, context.filter, context.collation)];
  if (segment.kind !== 'filtered') return [];
  const query = context.arrayFilters.byId.get(segment.id);
  if (!query) {
    throw new MongoCommandError(
      'BadValue',
      `No array filter found for identifier '${segment.id}' in path '${arrayPath}.$[${segment.id}]'`,
    );
  }
  context.arrayFilters.used.add(segment.id);
  const out: number[] = [];
  array.forEach((element, i) => {
    if (query.test({ [segment.id]: element })) out.push(i);
  });
  return out;
}

/**
 * Every place in `node` the path leads to, creating missing objects on the way when the operator
 * writes. A positional segment stands for the element(s) it selects.
 */
export function findTargets(path: UpdatePath, context: WalkContext): Target[] {
  const targets: Target[] = [];
  const visit = (node: Document | unknown[], at: number, soFar: string): void => {
    const segment = path.segments[at] as Segment;
    const last = at === path.segments.length - 1;
    if (segment.kind !== 'field') {
      if (!Array.isArray(node)) {
        throw new MongoCommandError(
          'BadValue',
          `The path '${soFar}' must exist in the document in order to apply array updates.`,
        );
      }
      for (const i of elementIndexes(node, segment, soFar, context)) {
        const elementPath = `${soFar}.${i}`;
        if (last) targets.push({ parent: node, key: i, path: elementPath });
        else descend(node, i, at, elementPath);
      }
      return;
    }
    const name = segment.name;
    const here = soFar === '' ? name : `${soFar}.${name}`;
    if (Array.isArray(node)) {
      if (!isIndex(name)) {
        if (!context.create) return;
        throw new MongoCommandError(
          'PathNotViable',
          `Cannot create field '${name}' in element {${soFar.split('.').pop() ?? soFar}: ${describe(node)}}`,
        );
      }
      if (last) targets.push({ parent: node, key: Number(name), path: here });
      else descend(node, Number(name), at, here);
      return;
    }
    if (last) targets.push({ parent: node, key: name, path: here });
    else descend(node, name, at, here);
  };
  const descend = (
    node: Document | unknown[],
    key: string | number,
    at: number,
    here: string,
  ): void => {
    const container = node as Record<string | number, unknown>;
    let child: unknown = container[key];
    if (child === undefined || child === null) {
      const nextIsPositional = (path.segments[at + 1] as Segment).kind !== 'field';
      if (!context.create || nextIsPositional) {
        if (nextIsPositional && context.create) {
          throw new MongoCommandError(
            'BadValue',
            `The path '${here}' must exist in the document in order to apply array updates.`,
          );
        }
        return;
      }
      if (child === null) {
        throw new MongoCommandError(
          'PathNotViable',
          `Cannot create field '${pathKey(path.segments[at + 1] as Segment)}' in element {${String(key)}: null}`,
        );
      }
      child = {};
      if (Array.isArray(node)) padArray(node, key as number);
      container[key] = child;
    }
    if (Array.isArray(child) || isPlainObject(child)) {
      visit(child, at + 1, here);
      return;
    }
    if (!context.create) return;
    throw new MongoCommandError(
      'PathNotViable',
      `Cannot create field '${pathKey(path.segments[at + 1] as Segment)}' in element {${String(key)}: ${describe(child)}}`,
    );
  };
  visit(context.doc, 0, '');
  return targets;
}

/** Grows an array with nulls so that `index` can be written, as MongoDB does. */
export function padArray(array: unknown[], index: number): void {
  while (array.length < index) array.push(null);
}

/** The current value at a target (undefined when the field is missing). */
export function valueAt(target: Target): unknown {
  return (target.parent as Record<string | number, unknown>)[target.key];
}

export function setAt(target: Target, value: unknown): void {
  if (Array.isArray(target.parent)) padArray(target.parent, target.key as number);
  (target.parent as Record<string | number, unknown>)[target.key] = value;
}

/** Removes a field; an array element becomes null, as MongoDB's `$unset` does. */
export function unsetAt(target: Target): void {
  if (Array.isArray(target.parent)) {
    if ((target.key as number) < target.parent.length) target.parent[target.key as number] = null;
    return;
  }
  delete (target.parent as Document)[target.key as string];
}
