import { hasGivenBack, makeMoves, undoTakes, type OrderDeps } from './stock-moves.js';

/** A stock job still running after this long was left by a request that failed or a process that died. */
export const STOCK_JOB_LEASE_MS = 30_000;

/**
 * Every stock job older than the lease is taken over (by one recoverer only) and ended the way its
 * request would have ended on failure: a placement is undone (its client got no 201); a change is
 * undone, or finished once it has given stock back; a release is finished. Returns how many.
 */
export async function recoverStockJobs(
  deps: OrderDeps,
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
