import { ObjectId } from 'mongodb';
import { outOfStock } from './order-errors.js';
import { orderItemsFor, productsShort } from './order-items.js';
import { orderTotal, type OrderRecord, type RequestedItem, type StockJob } from './order.js';
import { makeMoves, undoTakes, type OrderDeps } from './stock-moves.js';

/**
 * Takes the order's stock all or nothing, without a multi-document transaction (a standalone
 * MongoDB has none). The order is written first, invisible, with a `place` job listing the takes;
 * each take is one conditional update, recorded on the order before the next. When a product is
 * short, the takes done are given back and the order removed (409); when anything fails
 * part-way, the same undo is tried, and what it cannot reach `recoverStockJobs` undoes later.
 */
export async function placeOrder(
  deps: OrderDeps,
  customerId: string,
  requested: readonly RequestedItem[],
  now: Date,
): Promise<ObjectId> {
  const items = await orderItemsFor(requested, deps.products);
  const job: StockJob = {
    kind: 'place',
    moves: items.map((item) => ({ productId: item.productId, delta: -item.quantity })),
    done: [],
    since: now,
  };
  const order: OrderRecord = {
    _id: new ObjectId(),
    customerId,
    items,
    total: orderTotal(items),
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    stockJob: job,
  };
  await deps.orders.insert(order);
  let short: ObjectId | undefined;
  try {
    short = await makeMoves(order._id, job, deps);
  } catch (error) {
    await abandon(order._id, job, deps).catch(() => undefined);
    throw error;
  }
  if (short !== undefined) {
    await abandon(order._id, job, deps);
    throw outOfStock(await productsShort(short, job.moves, deps.products));
  }
  await deps.orders.finishJob(order._id, {});
  return order._id;
}

async function abandon(id: ObjectId, job: StockJob, deps: OrderDeps): Promise<void> {
  await undoTakes(id, job, deps);
  await deps.orders.remove(id);
}
