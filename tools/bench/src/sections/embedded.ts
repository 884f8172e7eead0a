import type { Collection, ObjectId } from 'mongodb';
import type { BenchContext } from '../context.js';
import { fillCollection, productDocument } from '../seed.js';
import { ratio } from '../stats.js';
import { profileDriver, type DriverProfile } from './driver-profile.js';
import { measureQueriesAt } from './embedded-queries.js';
import { timed, type TimedRun } from './embedded-timing.js';

export interface OpsFigure {
  operation:
    | 'insertOne'
    | 'findOne by _id'
    | 'ping'
    | 'findOne by _id (beside ping)'
    | 'countDocuments({})'
    | 'estimatedDocumentCount'
    | 'lowStock find, no index'
    | 'lowStock find, quantity index';
  concurrency: number;
  documents: number;
  ops: number;
  opsPerSec: number;
  /** Operations that failed (a findOne that found nothing counts). */
  failures: number;
  /** CPU per operation, µs: the database server's, and the driver's (the bench process). */
  serverCpuUs: number | undefined;
  clientCpuUs: number;
}

/** One figure from a timed run. */
export function opsFigure(
  operation: OpsFigure['operation'],
  concurrency: number,
  documents: number,
  run: TimedRun,
): OpsFigure {
  const perOp = (ms: number): number => (run.ops === 0 ? Number.NaN : (ms * 1000) / run.ops);
  return {
    operation,
    concurrency,
    documents,
    ops: run.ops,
    opsPerSec: run.ops / run.elapsedSec,
    failures: run.failures,
    serverCpuUs: run.serverCpuMs === undefined ? undefined : perOp(run.serverCpuMs),
    clientCpuUs: perOp(run.clientCpuMs),
  };
}

export interface EmbeddedResult {
  figures: OpsFigure[];
  /** findOne-by-_id rate at the large size over the rate at the small size (sequential, concurrent). */
  findOneRatio: { sequential: number; concurrent: number };
  /** findOne-by-_id rate over the `ping` rate measured beside it at the large size (1 and 32 in flight). */
  pingRatio: { sequential: number; concurrent: number };
  /** With --profile: the driver's time in `ping` and findOne loops, at the large size. */
  driverProfile?: DriverProfile;
}

const CONCURRENT = 50;

async function measureAt(
  ctx: BenchContext,
  collection: Collection,
  ids: ObjectId[],
  documents: number,
): Promise<OpsFigure[]> {
  const figures: OpsFigure[] = await measureQueriesAt(ctx, collection, ids, documents);
  const seconds = ctx.options.opsSec;
  // Look-ups first, while the collection holds exactly `documents`; the inserts then add to it.
  for (const concurrency of [1, CONCURRENT]) {
    // Ids spread over the whole collection, so no look-up is favoured by locality.
    const found = await timed(
      seconds,
      concurrency,
      async (i) => {
        const id = ids[(i * 7919 + 104_729) % ids.length];
        return (await collection.findOne({ _id: id })) !== null;
      },
      ctx.databasePid,
    );
    figures.push(opsFigure('findOne by _id', concurrency, documents, found));
  }
  let next = documents;
  for (const concurrency of [1, CONCURRENT]) {
    const inserted = await timed(
      seconds,
      concurrency,
      async () => {
        next += 1;
        const result = await collection.insertOne(productDocument(next));
        return result.acknowledged;
      },
      ctx.databasePid,
    );
    figures.push(opsFigure('insertOne', concurrency, documents, inserted));
  }
  return figures;
}

/** Driver operations per second against the embedded server, at a small and a large collection. */
export async function runEmbeddedSection(ctx: BenchContext): Promise<EmbeddedResult> {
  const { smallCount, largeCount } = ctx.options;
  const collection = ctx.client.db(ctx.freshDbName('embedded')).collection('ops');
  ctx.note(`embedded: ${smallCount} documents ...`);
  const ids = await fillCollection(collection, smallCount);
  // Unmeasured look-ups first, so the small size is not measured on a cold JIT and the large on a warm one.
  await timed(Math.min(ctx.options.opsSec, 1), CONCURRENT, async (i) => {
    const id = ids[(i * 7919 + 104_729) % ids.length];
    return (await collection.findOne({ _id: id })) !== null;
  });
  const small = await measureAt(ctx, collection, ids, smallCount);
  ctx.note(`embedded: filling to ${largeCount} documents ...`);
  // The inserts measured above stay in the collection; top up to the large size from there.
  ids.push(...(await fillCollection(collection, largeCount)));
  const large = await measureAt(ctx, collection, ids, largeCount);
  const rate = (figures: OpsFigure[], concurrency: number): number =>
    figures.find((f) => f.operation === 'findOne by _id' && f.concurrency === concurrency)
      ?.opsPerSec ?? Number.NaN;
  const beside = (operation: OpsFigure['operation'], concurrency: number): number =>
    large.find((f) => f.operation === operation && f.concurrency === concurrency)?.opsPerSec ??
    Number.NaN;
  const pingRatio = (concurrency: number): number =>
    ratio(beside('findOne by _id (beside ping)', concurrency), beside('ping', concurrency));
  const driverProfile = ctx.options.profile
    ? await profileDriver(ctx.options.opsSec, ctx.client.db('admin'), collection, ids)
    : undefined;
  return {
    ...(driverProfile === undefined ? {} : { driverProfile }),
    pingRatio: { sequential: pingRatio(1), concurrent: pingRatio(32) },
    figures: [...small, ...large],
    findOneRatio: {
      sequential: ratio(rate(large, 1), rate(small, 1)),
      concurrent: ratio(rate(large, CONCURRENT), rate(small, CONCURRENT)),
    },
  };
}
