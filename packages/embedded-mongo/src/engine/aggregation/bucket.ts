import type { Document } from 'bson';
import { $bucket as engineBucket } from 'mingo/operators/pipeline';
import type { StageFn } from './group.js';

/** `$bucket` as the aggregation engine runs it, with each bucket's `_id` first, where MongoDB puts it. */
export const $bucket: StageFn = (coll, expr, options) =>
  engineBucket(coll, expr as Parameters<typeof engineBucket>[1], options).map((doc: Document) => ({
    _id: doc['_id'] as unknown,
    ...doc,
  }));
