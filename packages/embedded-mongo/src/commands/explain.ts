import { hostname } from 'node:os';
import type { Document } from 'bson';
import {
  explainAggregate,
  explainCount,
  explainFind,
  explainWrite,
  type Verbosity,
} from '../engine/explain.js';
import { resolveView } from '../engine/views.js';
import { MongoCommandError } from '../errors.js';
import { SERVER_VERSION } from './admin.js';
import { asDocument, asDocumentArray, collectionName, type CommandContext } from './context.js';
import { findCommandOf } from './find-spec.js';
import { collationOptionOf, queryOptionsOf, statementOptions } from './query-options.js';

const VERBOSITIES = new Set<string>(['queryPlanner', 'executionStats', 'allPlansExecution']);

function verbosityOf(value: unknown): Verbosity {
  if (value === undefined) return 'allPlansExecution';
  if (typeof value === 'string' && VERBOSITIES.has(value)) return value as Verbosity;
  throw new MongoCommandError(
    'FailedToParse',
    `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`,
  );
}

function serverSections(command: Document, db: string): Document {
  return {
    command: { ...command, $db: db },
    serverInfo: { host: hostname(), port: 0, version: SERVER_VERSION, gitVersion: '' },
    serverParameters: {
      internalQueryFacetBufferSizeBytes: 104_857_600,
      internalQueryFacetMaxOutputDocSizeBytes: 104_857_600,
      internalLookupStageIntermediateDocumentMaxSizeBytes: 104_857_600,
      internalDocumentSourceGroupMaxMemoryBytes: 104_857_600,
      internalQueryMaxBlockingSortMemoryUsageBytes: 104_857_600,
      internalQueryProhibitBlockingMergeOnMongoS: 0,
      internalQueryMaxAddToSetBytes: 104_857_600,
      internalDocumentSourceSetWindowFieldsMaxMemoryBytes: 104_857_600,
      internalQueryFrameworkControl: 'trySbeRestricted',
    },
  };
}

/**
 * The collection the explained command names, and its namespace. A view is refused: the plan of
 * a read on a view is the plan of its aggregation, which this server does not show.
 */
function explainedCollection(inner: Document, command: string, db: string, ctx: CommandContext) {
  const name = collectionName(inner, command);
  const collection = ctx.engine.collection(db, name);
  if (!collection && resolveView(ctx.engine, db, name)) {
    throw new MongoCommandError(
      'CommandNotSupported',
      'explain of a read on a view is not supported by the embedded server',
    );
  }
  return { collection, namespace: `${db}.${name}` };
}

/** Explains a read or a write statement the way the query planner would run it, writing nothing. */
export function explainCommand(
  inner: Document,
  db: string,
  verbosityValue: unknown,
  ctx: CommandContext,
): Document {
  const verbosity = verbosityOf(verbosityValue);
  const command = Object.keys(inner)[0];
  let body: Document;
  if (command === 'find') {
    const { collection, namespace } = explainedCollection(inner, 'find', db, ctx);
    const { spec } = findCommandOf(inner);
    const options = queryOptionsOf(inner, 'find');
    body = explainFind(collection, namespace, spec, options, verbosity);
  } else if (command === 'count') {
    const { collection, namespace } = explainedCollection(inner, 'count', db, ctx);
    const filter = asDocument(inner['query'], 'query') ?? {};
    const options = collationOptionOf(inner, 'count');
    body = explainCount(collection, namespace, filter, options, verbosity);
  } else if (command === 'aggregate') {
    const { collection, namespace } = explainedCollection(inner, 'aggregate', db, ctx);
    const pipeline = asDocumentArray(inner['pipeline'], 'pipeline');
    const options = queryOptionsOf(inner, 'aggregate');
    body = explainAggregate(collection, namespace, pipeline, options);
  } else if (command === 'update' || command === 'delete') {
    const { collection, namespace } = explainedCollection(inner, command, db, ctx);
    const statements = asDocumentArray(
      inner[command === 'update' ? 'updates' : 'deletes'],
      command,
    );
    const statement = statements[0];
    if (statements.length !== 1 || !statement) {
      throw new MongoCommandError('InvalidLength', 'explained write batches must be of size 1');
    }
    const { variables } = queryOptionsOf(inner, command);
    const options = statementOptions(variables, statement);
    const write = {
      stage: command === 'update' ? ('UPDATE' as const) : ('DELETE' as const),
      filter: asDocument(statement['q'], 'q') ?? {},
      one: command === 'update' ? statement['multi'] !== true : statement['limit'] === 1,
    };
    body = explainWrite(collection, namespace, write, options, verbosity);
  } else if (command === 'findAndModify' || command === 'findandmodify') {
    const { collection, namespace } = explainedCollection(inner, command, db, ctx);
    const write = {
      stage: inner['remove'] === true ? ('DELETE' as const) : ('UPDATE' as const),
      filter: asDocument(inner['query'], 'query') ?? {},
      sort: asDocument(inner['sort'], 'sort'),
      one: true,
    };
    const options = queryOptionsOf(inner, 'findAndModify');
    body = explainWrite(collection, namespace, write, options, verbosity);
  } else {
    throw new MongoCommandError(
      'CommandNotSupported',
      `explain of ${command ?? 'an empty command'} is not supported by the embedded server`,
    );
  }
  return { explainVersion: '1', ...body, ...serverSections(inner, db), ok: 1 };
}
