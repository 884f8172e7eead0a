import type { Document } from 'bson';
import type { FindSpec } from '../engine/query.js';
import { MongoCommandError } from '../errors.js';
import { asDocument, asNumber } from './context.js';

export interface FindCommand {
  spec: FindSpec & { skip: number; limit: number };
  batchSize: number | undefined;
  singleBatch: boolean;
}

/** A find command's filter, sort, projection and paging, checked as MongoDB checks them. */
export function findCommandOf(cmd: Document): FindCommand {
  const filter = asDocument(cmd['filter'], 'filter') ?? {};
  const sort = asDocument(cmd['sort'], 'sort');
  const projection = asDocument(cmd['projection'], 'projection');
  const skip = asNumber(cmd['skip'], 'skip') ?? 0;
  const rawLimit = asNumber(cmd['limit'], 'limit') ?? 0;
  const batchSize = asNumber(cmd['batchSize'], 'batchSize');
  if (skip < 0) throw new MongoCommandError('BadValue', 'skip value must be non-negative');
  if (batchSize !== undefined && batchSize < 0)
    throw new MongoCommandError('BadValue', 'batchSize value must be non-negative');
  // A negative limit is the legacy spelling of "limit, in a single batch".
  const limit = Math.abs(rawLimit);
  const singleBatch = cmd['singleBatch'] === true || rawLimit < 0;
  return { spec: { filter, sort, projection, skip, limit }, batchSize, singleBatch };
}
