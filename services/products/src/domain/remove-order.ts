import { ifMatchAllows, PreconditionFailedError, storedVersion, type IfMatch } from '@repo/common';
import type { ObjectId } from 'mongodb';
import { orderBusy } from './order-errors.js';
import { holdsStock, type OrderRecord, type StockJob } from './order.js';
import { makeMoves, type StockMoveDeps } from './stock-moves.js';

export interface RemoveOrderDeps extends StockMoveDeps {
  orders: StockMoveDeps['orders'] & {
    findVisible(id: ObjectId): Promise<OrderRecord | null>;
    markDeleted(id: ObjectId, job: StockJob, ifMatch?: IfMatch): Promise<OrderRecord | null>;
    remove(id: ObjectId): Promise<void>;
  };
}

/**
 * Deletes an order: false when no visible order has the id. A pending order's stock goes back
 * first; a shipped or delivered order's never does, and a cancelled one has returned it already.
 * The order is marked deleted with a `release` job in one conditional write (so it is gone for
 * clients at once and a concurrent cancel or delete cannot act on it too), then its stock is
 * given back and the record removed; recovery finishes a delete that stopped part-way. With
 * `If-Match`, that write is also conditional on the order's version (else 412).
 */
export async function removeOrder(
  deps: RemoveOrderDeps,
  id: ObjectId,
  now: Date,
  ifMatch?: IfMatch,
): Promise<boolean> {
  const order = await deps.orders.findVisible(id);
  if (order === null) return false;
  if (!ifMatchAllows(ifMatch, storedVersion(order))) throw new PreconditionFailedError();
  if (order.stockJob !== undefined) throw orderBusy();
  const job: StockJob = {
    kind: 'release',
    moves: holdsStock(order.status)
      ? order.items.map((item) => ({ productId: item.productId, delta: item.quantity }))
      : [],
    done: [],
    since: now,
  };
  const marked = await deps.orders.markDeleted(id, job, ifMatch);
  if (marked === null) {
    // Another request got there first: a delete (then the order is gone) or a change.
    const current = await deps.orders.findVisible(id);
    if (current === null) return false;
    if (!ifMatchAllows(ifMatch, storedVersion(current))) throw new PreconditionFailedError();
    throw orderBusy();
  }
  await makeMoves(id, job, deps);
  await deps.orders.remove(id);
  return true;
}
