import type { Document } from 'bson';
import { isPlainObject } from '../bson.js';

/**
 * Recognises the pipeline `countDocuments` sends, `[{$match}, {$skip}?, {$limit}?, {$group: {_id:
 * 1, n: {$sum: 1}}}]`, so it can be answered by counting matches instead of running every
 * document through a grouping stage. Returns the filter and paging, or undefined for any other
 * pipeline (which then runs as written).
 */
export function countPipeline(
  pipeline: Document[],
): { filter: Document; skip: number; limit: number } | undefined {
  if (pipeline.length < 2 || pipeline.length > 4) return undefined;
  const [first, ...rest] = pipeline;
  const group = rest.pop();
  if (!first || !group || Object.keys(first).length !== 1) return undefined;
  const filter: unknown = first['$match'];
  if (!isPlainObject(filter) || !isCountGroup(group)) return undefined;
  let skip = 0;
  let limit = 0;
  for (const stage of rest) {
    const [name, ...others] = Object.keys(stage);
    const value: unknown = name === undefined ? undefined : stage[name];
    if (others.length > 0 || !isPositiveInteger(value)) return undefined;
    if (name === '$skip' && skip === 0 && limit === 0) skip = value;
    else if (name === '$limit' && limit === 0) limit = value;
    else return undefined;
  }
  return { filter, skip, limit };
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isCountGroup(stage: Document): boolean {
  if (Object.keys(stage).length !== 1) return false;
  const group: unknown = stage['$group'];
  if (!isPlainObject(group)) return false;
  const keys = Object.keys(group);
  if (keys.length !== 2 || keys[0] !== '_id' || group['_id'] !== 1) return false;
  const n: unknown = group['n'];
  return isPlainObject(n) && Object.keys(n).length === 1 && n['$sum'] === 1;
}
