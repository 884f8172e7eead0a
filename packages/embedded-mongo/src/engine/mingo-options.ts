import { Context } from 'mingo';
import * as expressionOperators from 'mingo/operators/expression';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import type { Options } from 'mingo/types';
import { $expr } from './aggregation/boolean.js';
import { TYPED_EXPRESSION_OPERATORS } from './aggregation/operators.js';
import { jsonSchemaValidator } from './json-schema.js';
import { TYPED_QUERY_OPERATORS, typedAll, type QueryOperatorFn } from './query-operators.js';

/**
 * The query operators of the server: the typed ones of `query-operators.ts` first (operators
 * registered first win), then the query engine's own for everything else.
 */
export function queryOperatorTable(): Record<string, QueryOperatorFn> {
  return {
    ...TYPED_QUERY_OPERATORS,
    $all: typedAll(queryOperators.$all as unknown as QueryOperatorFn),
    $expr: $expr as QueryOperatorFn,
  };
}

type OperatorTables = NonNullable<Parameters<typeof Context.init>[0]>;

/** The typed query operators as the query engine's context takes them. */
export function typedQueryOps(): OperatorTables['query'] {
  return queryOperatorTable() as unknown as OperatorTables['query'];
}

// `$expr` evaluates with the typed expression operators of aggregation, as pipelines do.
const QUERY_CONTEXT = Context.init({
  query: typedQueryOps(),
  expression: TYPED_EXPRESSION_OPERATORS as unknown as OperatorTables['expression'],
})
  .addQueryOps(queryOperators)
  .addExpressionOps(expressionOperators)
  .addProjectionOps(projectionOperators);

/** Shared options for the query engine; stored documents are never mutated (updates work on copies). */
export const QUERY_OPTIONS: Partial<Options> = {
  idKey: '_id',
  useStrictMode: true,
  scriptEnabled: false,
  context: QUERY_CONTEXT,
  jsonSchemaValidator,
};
