import type { Document } from 'bson';
import { Context } from 'mingo';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Lazy, type Iterator as LazyIterator } from 'mingo/lazy';
import type { Options } from 'mingo/types';
import { isPlainObject } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import { QUERY_OPTIONS, typedQueryOps } from './mingo-options.js';
import { sortDocuments } from './sort.js';
import { collatorFor } from '../values/collation.js';
import {
  TYPED_ACCUMULATOR_OPERATORS,
  TYPED_EXPRESSION_OPERATORS,
  TYPED_STAGES,
} from './aggregation/operators.js';

type OperatorTables = NonNullable<Parameters<typeof Context.init>[0]>;

/**
 * The operators aggregation pipelines (and pipeline-style updates) run with. Operators registered
 * first win, so the server's own go in before the standard set: `$sort` orders by BSON rules
 * (the same order as find), `$match` uses the typed query operators, and the expressions,
 * accumulators and `$group` of `aggregation/` keep every value's BSON type.
 */
const PIPELINE_CONTEXT = Context.init({
  query: typedQueryOps(),
  expression: TYPED_EXPRESSION_OPERATORS as unknown as OperatorTables['expression'],
  accumulator: TYPED_ACCUMULATOR_OPERATORS as unknown as OperatorTables['accumulator'],
  pipeline: {
    ...(TYPED_STAGES as unknown as OperatorTables['pipeline']),
    $sort: (collection: LazyIterator, spec: unknown, options: Options) => {
      if (!isPlainObject(spec) || Object.keys(spec).length === 0) {
        throw new MongoCommandError('Location15976', '$sort stage must have at least one sort key');
      }
      const strings = collatorFor(options.collation);
      return collection.transform((docs: Document[]) => Lazy(sortDocuments(docs, spec, strings)));
    },
  },
})
  .addPipelineOps(pipelineOperators)
  .addAccumulatorOps(accumulatorOperators)
  .addExpressionOps(expressionOperators)
  .addProjectionOps(projectionOperators)
  .addQueryOps(queryOperators)
  .addWindowOps(windowOperators);

export const PIPELINE_OPTIONS: Partial<Options> = { ...QUERY_OPTIONS, context: PIPELINE_CONTEXT };
