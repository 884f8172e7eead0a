import type { Document } from 'bson';
import type { Engine } from '../engine.js';
import type { QueryOptions } from '../query.js';
import { mergeStage } from './merge.js';
import { outStage, type WriteStage } from './out.js';

/** The `$out` or `$merge` that ends a pipeline, checked and ready to write; undefined when there is none. */
export function writeStageOf(
  engine: Engine,
  db: string,
  pipeline: Document[],
  options: QueryOptions | undefined,
): WriteStage | undefined {
  const last = pipeline.at(-1);
  if (last === undefined) return undefined;
  if (Object.hasOwn(last, '$out')) return outStage(engine, db, last['$out'], options);
  if (Object.hasOwn(last, '$merge')) return mergeStage(engine, db, last['$merge'], options);
  return undefined;
}

export type { WriteStage };
