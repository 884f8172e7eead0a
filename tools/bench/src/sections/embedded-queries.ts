import type { Collection, Db, ObjectId } from 'mongodb';
import type { BenchContext } from '../context.js';
import type { OpsFigure } from './embedded.js';
import { timed } from './embedded-timing.js';

/** The products service's low-stock list: quantity below its default threshold, in creation order. */
const LOW_STOCK = { quantity: { $lt: 5 } };
const PING_CONCURRENCY = 32;

function figure(
  operation: OpsFigure['operation'],
  concurrency: number,
  documents: number,
  run: { ops: number; failures: number; elapsedSec: number },
): OpsFigure {
  return {
    operation,
    concurrency,
    documents,
    ops: run.ops,
    opsPerSec: run.ops / run.elapsedSec,
    failures: run.failures,
  };
}

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
    const totals = {
      ping: { ops: 0, failures: 0, elapsedSec: 0 },
      find: { ops: 0, failures: 0, elapsedSec: 0 },
    };
    for (let half = 0; half < 2; half++) {
      const ping = await timed(
        seconds / 2,
        concurrency,
        async () => (await db.command({ ping: 1 }))['ok'] === 1,
      );
      const find = await timed(seconds / 2, concurrency, async (i) => {
        const id = ids[(i * 7919 + 104_729) % ids.length];
        return (await collection.findOne({ _id: id })) !== null;
      });
      for (const [total, run] of [
        [totals.ping, ping],
        [totals.find, find],
      ] as const) {
        total.ops += run.ops;
        total.failures += run.failures;
        total.elapsedSec += run.elapsedSec;
      }
    }
    figures.push(figure('ping', concurrency, documents, totals.ping));
    figures.push(figure('findOne by _id (beside ping)', concurrency, documents, totals.find));
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
    figure(
      'countDocuments({})',
      1,
      documents,
      await timed(seconds, 1, async () => (await collection.countDocuments({})) >= documents),
    ),
    figure(
      'estimatedDocumentCount',
      1,
      documents,
      await timed(seconds, 1, async () => (await collection.estimatedDocumentCount()) >= documents),
    ),
  );
  const lowStock = async (): Promise<boolean> =>
    (await collection.find(LOW_STOCK, { sort: { _id: 1 } }).toArray()).length > 0;
  figures.push(figure('lowStock find, no index', 1, documents, await timed(seconds, 1, lowStock)));
  const index = await collection.createIndex({ quantity: 1 });
  figures.push(
    figure('lowStock find, quantity index', 1, documents, await timed(seconds, 1, lowStock)),
  );
  await collection.dropIndex(index);
  return figures;
}
