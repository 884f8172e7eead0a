import type { Collection, Db, ObjectId } from 'mongodb';
import type { BenchContext } from '../context.js';
import { opsFigure, type OpsFigure } from './embedded.js';
import { timed, type TimedRun } from './embedded-timing.js';

/** The products service's low-stock list: quantity below its default threshold, in creation order. */
const LOW_STOCK = { quantity: { $lt: 5 } };
const PING_CONCURRENCY = 32;

/**
 * `ping` beside findOne by `_id`, alternated in the same seconds so load from elsewhere on the
 * machine falls on both alike: their ratio is how close a look-up comes to a bare round trip.
 */
async function pingAndFindOne(
  ctx: BenchContext,
  db: Db,
  collection: Collection,
  ids: ObjectId[],
  documents: number,
): Promise<OpsFigure[]> {
  const figures: OpsFigure[] = [];
  const seconds = ctx.options.opsSec / 2;
  for (const concurrency of [1, PING_CONCURRENCY]) {
    const empty = (): TimedRun => ({
      ops: 0,
      failures: 0,
      elapsedSec: 0,
      serverCpuMs: 0,
      clientCpuMs: 0,
    });
    const totals = { ping: empty(), find: empty() };
    for (let half = 0; half < 2; half++) {
      const ping = await timed(
        seconds / 2,
        concurrency,
        async () => (await db.command({ ping: 1 }))['ok'] === 1,
        ctx.databasePid,
      );
      const find = await timed(
        seconds / 2,
        concurrency,
        async (i) => {
          const id = ids[(i * 7919 + 104_729) % ids.length];
          return (await collection.findOne({ _id: id })) !== null;
        },
        ctx.databasePid,
      );
      for (const [total, run] of [
        [totals.ping, ping],
        [totals.find, find],
      ] as const) {
        total.ops += run.ops;
        total.failures += run.failures;
        total.elapsedSec += run.elapsedSec;
        total.clientCpuMs += run.clientCpuMs;
        total.serverCpuMs =
          total.serverCpuMs === undefined || run.serverCpuMs === undefined
            ? undefined
            : total.serverCpuMs + run.serverCpuMs;
      }
    }
    figures.push(opsFigure('ping', concurrency, documents, totals.ping));
    figures.push(opsFigure('findOne by _id (beside ping)', concurrency, documents, totals.find));
  }
  return figures;
}

/**
 * Counting (which must not depend on the collection's size) and the low-stock query, first
 * without an index (every product read) and then through one on `quantity`, as the products
 * service creates it. The index is dropped again so the insert figures that follow are the
 * service's own.
 */
export async function measureQueriesAt(
  ctx: BenchContext,
  collection: Collection,
  ids: ObjectId[],
  documents: number,
): Promise<OpsFigure[]> {
  const seconds = ctx.options.opsSec;
  const figures = await pingAndFindOne(ctx, ctx.client.db('admin'), collection, ids, documents);
  figures.push(
    opsFigure(
      'countDocuments({})',
      1,
      documents,
      await timed(
        seconds,
        1,
        async () => (await collection.countDocuments({})) >= documents,
        ctx.databasePid,
      ),
    ),
    opsFigure(
      'estimatedDocumentCount',
      1,
      documents,
      await timed(
        seconds,
        1,
        async () => (await collection.estimatedDocumentCount()) >= documents,
        ctx.databasePid,
      ),
    ),
  );
  const lowStock = async (): Promise<boolean> =>
    (await collection.find(LOW_STOCK, { sort: { _id: 1 } }).toArray()).length > 0;
  figures.push(
    opsFigure(
      'lowStock find, no index',
      1,
      documents,
      await timed(seconds, 1, lowStock, ctx.databasePid),
    ),
  );
  const index = await collection.createIndex({ quantity: 1 });
  figures.push(
    opsFigure(
      'lowStock find, quantity index',
      1,
      documents,
      await timed(seconds, 1, lowStock, ctx.databasePid),
    ),
  );
  await collection.dropIndex(index);
  return figures;
}
