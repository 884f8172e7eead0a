import type { Document } from 'bson';
import { isPlainObject } from '../bson.js';
import type { Collection } from './collection.js';
import type { Plan } from './planner.js';
import {
  effectiveSort,
  leadingPlan,
  makeProjector,
  paged,
  planQuery,
  type FindSpec,
  type QueryOptions,
} from './query.js';
import { sortDocuments } from './sort.js';

export type Verbosity = 'queryPlanner' | 'executionStats' | 'allPlansExecution';

/** MongoDB's in-memory sort limit, which explain's SORT stage reports. */
const SORT_MEMORY_LIMIT = 104_857_600;

/** The filter as MongoDB shows it parsed: every condition an operator, several under `$and`. */
export function parsedQuery(filter: Document): Document {
  const parts: Document[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    const operators =
      isPlainObject(condition) && Object.keys(condition).every((k) => k.startsWith('$'));
    if (field.startsWith('$') || !operators) {
      parts.push({ [field]: field.startsWith('$') ? condition : { $eq: condition } });
    } else {
      for (const [op, value] of Object.entries(condition as Document))
        parts.push({ [field]: { [op]: value as unknown } });
    }
  }
  if (parts.length === 1) return parts[0] as Document;
  return parts.length === 0 ? {} : { $and: parts };
}

function isSimpleProjection(projection: Document): boolean {
  return Object.entries(projection).every(
    ([k, v]) =>
      !k.includes('.') && !k.startsWith('$') && (typeof v === 'boolean' || v === 0 || v === 1),
  );
}

/** The stages above the access plan: sort (unless the index gives the order), skip, limit, projection. */
function findTree(access: Document, spec: FindSpec, sorted: boolean): Document {
  const sort = effectiveSort(spec.sort);
  const skip = spec.skip ?? 0;
  const limit = spec.limit ?? 0;
  let tree = access;
  if (sort && !sorted) {
    tree = {
      stage: 'SORT',
      sortPattern: sort,
      memLimit: SORT_MEMORY_LIMIT,
      ...(limit > 0 ? { limitAmount: limit + skip } : {}),
      type: 'simple',
      inputStage: tree,
    };
    if (skip > 0) tree = { stage: 'SKIP', skipAmount: skip, inputStage: tree };
  } else {
    if (skip > 0) tree = { stage: 'SKIP', skipAmount: skip, inputStage: tree };
    if (limit > 0) tree = { stage: 'LIMIT', limitAmount: limit, inputStage: tree };
  }
  const projection = spec.projection;
  if (projection && Object.keys(projection).length > 0) {
    tree = {
      stage: isSimpleProjection(projection) ? 'PROJECTION_SIMPLE' : 'PROJECTION_DEFAULT',
      transformBy: projection,
      inputStage: tree,
    };
  }
  return tree;
}

function queryPlanner(
  ns: string,
  filter: Document,
  winningPlan: Document,
  rejected: Document[],
): Document {
  return {
    namespace: ns,
    indexFilterSet: false,
    parsedQuery: parsedQuery(filter),
    maxIndexedOrSolutionsReached: false,
    maxIndexedAndSolutionsReached: false,
    maxScansToExplodeReached: false,
    winningPlan,
    rejectedPlans: rejected,
  };
}

/** Runs the plan to its end and reports what it read, as explain's `executionStats`. */
function executionStats(
  plan: Plan,
  winningPlan: Document,
  run: () => number,
  verbosity: Verbosity,
): Document {
  const started = performance.now();
  const nReturned = run();
  const millis = Math.round(performance.now() - started);
  const stats: Document = {
    executionSuccess: true,
    nReturned,
    executionTimeMillis: millis,
    totalKeysExamined: plan.stats.keysExamined,
    totalDocsExamined: plan.stats.docsExamined,
    executionStages: { ...winningPlan, nReturned, executionTimeMillisEstimate: millis },
  };
  if (verbosity === 'allPlansExecution') stats['allPlansExecution'] = [];
  return stats;
}

/** An explain of a read on a collection that does not exist: MongoDB's end-of-file plan. */
function eofExplain(ns: string, filter: Document, verbosity: Verbosity): Document {
  const winningPlan = { stage: 'EOF' };
  const out: Document = { queryPlanner: queryPlanner(ns, filter, winningPlan, []) };
  if (verbosity !== 'queryPlanner') {
    out['executionStats'] = {
      executionSuccess: true,
      nReturned: 0,
      executionTimeMillis: 0,
      totalKeysExamined: 0,
      totalDocsExamined: 0,
      executionStages: { ...winningPlan, nReturned: 0 },
    };
  }
  return out;
}

export function explainFind(
  coll: Collection | undefined,
  ns: string,
  spec: FindSpec,
  options: QueryOptions,
  verbosity: Verbosity,
): Document {
  if (!coll) return eofExplain(ns, spec.filter, verbosity);
  const sort = effectiveSort(spec.sort);
  const skip = spec.skip ?? 0;
  const limit = spec.limit ?? 0;
  const plan = planQuery(coll, spec.filter, options, sort, limit > 0 ? limit + skip : 0);
  const { stage, rejected } = plan.explain();
  const winningPlan = findTree(stage, spec, plan.sorted);
  const out: Document = { queryPlanner: queryPlanner(ns, spec.filter, winningPlan, rejected) };
  if (verbosity !== 'queryPlanner') {
    out['executionStats'] = executionStats(
      plan,
      winningPlan,
      () => {
        const source =
          sort && !plan.sorted
            ? sortDocuments(plan.docs, sort, options.collation?.compare)
            : plan.docs;
        let n = 0;
        for (const _doc of paged(
          source,
          skip,
          limit,
          makeProjector(spec.filter, spec.projection, options),
        ))
          n += 1;
        return n;
      },
      verbosity,
    );
  }
  return out;
}

export function explainCount(
  coll: Collection | undefined,
  ns: string,
  filter: Document,
  options: QueryOptions,
  verbosity: Verbosity,
): Document {
  if (!coll) return eofExplain(ns, filter, verbosity);
  if (Object.keys(filter).length === 0) {
    const winningPlan = { stage: 'RECORD_STORE_FAST_COUNT' };
    const out: Document = { queryPlanner: queryPlanner(ns, filter, winningPlan, []) };
    if (verbosity !== 'queryPlanner')
      out['executionStats'] = executionStats(
        {
          docs: [],
          sorted: true,
          explain: () => ({ stage: winningPlan, rejected: [] }),
          stats: { keysExamined: 0, docsExamined: 0 },
        },
        winningPlan,
        () => 0,
        verbosity,
      );
    return out;
  }
  const plan = planQuery(coll, filter, options);
  const { stage, rejected } = plan.explain();
  const winningPlan = { stage: 'COUNT', inputStage: stage };
  const out: Document = {
    queryPlanner: queryPlanner(
      ns,
      filter,
      winningPlan,
      rejected.map((r) => ({ stage: 'COUNT', inputStage: r })),
    ),
  };
  if (verbosity !== 'queryPlanner') {
    out['executionStats'] = executionStats(
      plan,
      winningPlan,
      () => {
        for (const _doc of plan.docs);
        return 0;
      },
      verbosity,
    );
  }
  return out;
}

/**
 * An aggregation's explain: the stages a plan answers become the `$cursor` stage's query plan,
 * the others are listed as given.
 */
export function explainAggregate(
  coll: Collection | undefined,
  ns: string,
  pipeline: Document[],
  options: QueryOptions,
): Document {
  const leading = coll ? leadingPlan(coll, pipeline, options) : undefined;
  const match = pipeline[0]?.['$match'];
  const filter = isPlainObject(match) ? match : {};
  let cursorPlan: Document;
  let rest = pipeline;
  if (!coll) {
    cursorPlan = queryPlanner(ns, filter, { stage: 'EOF' }, []);
  } else if (leading) {
    const { stage, rejected } = leading.plan.explain();
    const sorted = leading.used > (isPlainObject(match) ? 1 : 0);
    const sortSpec = sorted ? (pipeline[leading.used - 1]?.['$sort'] as Document) : undefined;
    cursorPlan = queryPlanner(
      ns,
      filter,
      findTree(stage, { filter, sort: sortSpec }, true),
      rejected,
    );
    rest = pipeline.slice(leading.used);
  } else {
    cursorPlan = queryPlanner(ns, {}, { stage: 'COLLSCAN', direction: 'forward' }, []);
  }
  if (rest.length === 0) return { explainVersion: '1', queryPlanner: cursorPlan };
  return { explainVersion: '1', stages: [{ $cursor: { queryPlanner: cursorPlan } }, ...rest] };
}

/**
 * The plan of an update, delete or findAndModify statement: the read that finds its documents
 * under an UPDATE or DELETE stage. Explain never writes; `executionStats` runs only the read.
 */
export function explainWrite(
  coll: Collection | undefined,
  ns: string,
  write: {
    stage: 'UPDATE' | 'DELETE';
    filter: Document;
    sort?: Document | undefined;
    one: boolean;
  },
  options: QueryOptions,
  verbosity: Verbosity,
): Document {
  if (!coll) return eofExplain(ns, write.filter, verbosity);
  const sort = effectiveSort(write.sort);
  const limit = write.one ? 1 : 0;
  const plan = planQuery(coll, write.filter, options, sort, limit);
  const { stage, rejected } = plan.explain();
  const read = findTree(stage, { filter: write.filter, sort, limit }, plan.sorted);
  const winningPlan = { stage: write.stage, inputStage: read };
  const out: Document = {
    queryPlanner: queryPlanner(
      ns,
      write.filter,
      winningPlan,
      rejected.map((r) => ({ stage: write.stage, inputStage: r })),
    ),
  };
  if (verbosity !== 'queryPlanner') {
    out['executionStats'] = executionStats(
      plan,
      winningPlan,
      () => {
        let n = 0;
        for (const _doc of plan.docs) {
          n += 1;
          if (write.one) break;
        }
        return n;
      },
      verbosity,
    );
  }
  return out;
}
