import { ifMatchAllows, PreconditionFailedError, storedVersion, type IfMatch } from '@repo/common';
import type { ObjectId } from 'mongodb';
import { orderBusy } from './order-errors.js';
import { holdsStock, type StockJob } from './order.js';
import { makeMoves, type OrderDeps } from './stock-moves.js';

/**
 * False when no visible order has the id. A pending order's stock goes back; a shipped or
 * delivered order's never does. The order is marked deleted with a `release` job in one
 * conditional write (on its version too with `If-Match`), so it is gone for clients at once and a
 * concurrent cancel or delete cannot act on it; recovery finishes a delete that stopped part-way.
 */
export async function removeOrder(
  deps: OrderDeps,
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
