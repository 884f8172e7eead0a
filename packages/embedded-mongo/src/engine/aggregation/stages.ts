import type { Document } from 'bson';
import { OpType } from 'mingo/core';
import { MongoCommandError } from '../../errors.js';
import { isPlainObject } from '../../values/types.js';
import { PIPELINE_OPTIONS } from '../pipeline-options.js';

/** Stages MongoDB has that this server does not run: refused as unsupported rather than unknown. */
const UNSUPPORTED_STAGES = new Set([
  '$collStats',
  '$indexStats',
  '$currentOp',
  '$listSessions',
  '$listSearchIndexes',
  '$planCacheStats',
  '$search',
  '$searchMeta',
  '$vectorSearch',
  '$geoNear',
  '$changeStreamSplitLargeEvent',
]);

const WRITE_STAGES = new Set(['$out', '$merge']);

/** Where a sub-pipeline runs, and MongoDB's refusal of a writing stage there. */
const SUB_PIPELINE_WRITES = {
  $lookup: { code: 'Location51047', text: 'is not allowed to be used within a $lookup stage' },
  $facet: { code: 'Location40600', text: 'is not allowed to be used within a $facet stage' },
  $unionWith: { code: 'Location31441', text: "is not allowed within a $unionWith's sub-pipeline" },
} as const;

type Container = keyof typeof SUB_PIPELINE_WRITES;

/** The pipelines a stage runs inside itself: `$lookup` and `$unionWith` one, `$facet` several. */
function subPipelines(name: string, spec: unknown): Document[][] {
  if (!isPlainObject(spec)) return [];
  const candidates = name === '$facet' ? Object.values(spec) : [spec['pipeline']];
  return candidates.filter((p): p is Document[] => Array.isArray(p));
}

/**
 * Checks each stage's shape and name before anything runs, with MongoDB's errors: one field per
 * stage (40323), a known stage name (40324), `$out` and `$merge` only at the end (40601) and
 * never inside `$lookup`, `$facet` or `$unionWith`.
 */
export function checkStages(pipeline: Document[], container?: Container): void {
  const context = PIPELINE_OPTIONS.context;
  pipeline.forEach((stage, i) => {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new MongoCommandError(
        'Location40323',
        'A pipeline stage specification object must contain exactly one field.',
      );
    }
    const name = Object.keys(stage)[0] as string;
    if (name === '$changeStream') {
      throw new MongoCommandError(
        'Location40573',
        'The $changeStream stage is only supported on replica sets',
      );
    }
    if (UNSUPPORTED_STAGES.has(name)) {
      throw new MongoCommandError(
        'CommandNotSupported',
        `${name} is not supported by the embedded server`,
      );
    }
    if (!context?.getOperator(OpType.PIPELINE, name)) {
      throw new MongoCommandError('Location40324', `Unrecognized pipeline stage name: '${name}'`);
    }
    if (WRITE_STAGES.has(name)) {
      if (container) {
        const refusal = SUB_PIPELINE_WRITES[container];
        throw new MongoCommandError(refusal.code, `${name} ${refusal.text}`);
      }
      if (i !== pipeline.length - 1) {
        throw new MongoCommandError(
          'Location40601',
          `${name} can only be the final stage in the pipeline`,
        );
      }
    }
    if (Object.hasOwn(SUB_PIPELINE_WRITES, name)) {
      for (const sub of subPipelines(name, stage[name])) checkStages(sub, name as Container);
    }
  });
}
