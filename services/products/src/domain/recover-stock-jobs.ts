import type { ObjectId } from 'mongodb';
import type { OrderRecord } from './order.js';
import { hasGivenBack, makeMoves, undoTakes, type StockMoveDeps } from './stock-moves.js';

export interface RecoveryDeps extends StockMoveDeps {
  orders: StockMoveDeps['orders'] & {
    abandonedJobs(startedBefore: Date): Promise<OrderRecord[]>;
    claimJob(id: ObjectId, since: Date, now: Date): Promise<boolean>;
    finishJob(id: ObjectId, set: Partial<OrderRecord>): Promise<void>;
    remove(id: ObjectId): Promise<void>;
  };
}

/** A stock job still running after this long was left by a request that failed or a process that died. */
export const STOCK_JOB_LEASE_MS = 30_000;

/**
 * Brings stock and orders back into agreement after failures part-way: every stock job older than
 * the lease is taken over (by one recoverer only) and ended the way its request would have ended
 * on failure. A placement is undone (its takes given back, the order removed: its client got no
 * 201); a change is undone, or finished once it has given stock back; a release is finished.
 * Returns how many jobs it ended.
 */
export async function recoverStockJobs(
  deps: RecoveryDeps,
  now: Date,
  leaseMs = STOCK_JOB_LEASE_MS,
): Promise<number> {
  let ended = 0;
  for (const order of await deps.orders.abandonedJobs(new Date(now.getTime() - leaseMs))) {
    const job = order.stockJob;
    if (job === undefined || !(await deps.orders.claimJob(order._id, job.since, now))) continue;
    if (job.kind === 'place') {
      await undoTakes(order._id, job, deps);
      await deps.orders.remove(order._id);
    } else if (job.kind === 'change' && !hasGivenBack(job)) {
      await undoTakes(order._id, job, deps);
      await deps.orders.finishJob(order._id, {});
    } else {
      await makeMoves(order._id, job, deps);
      if (order.deleted === true) await deps.orders.remove(order._id);
      else if (job.kind === 'change') {
        await deps.orders.finishJob(order._id, {
          items: job.nextItems ?? order.items,
          total: job.nextTotal ?? order.total,
          updatedAt: now,
        });
      } else await deps.orders.finishJob(order._id, {});
    }
    ended += 1;
  }
  return ended;
}
