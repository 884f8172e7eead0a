import { ObjectId } from 'mongodb';
import { outOfStock } from './order-errors.js';
import { orderItemsFor, productsShort, type ProductLookup } from './order-items.js';
import { orderTotal, type OrderRecord, type RequestedItem, type StockJob } from './order.js';
import { makeMoves, undoTakes, type StockMoveDeps, type StockStore } from './stock-moves.js';

/** What placing an order needs (the products and orders repositories provide it). */
export interface PlaceOrderDeps extends StockMoveDeps {
  products: StockStore & ProductLookup;
  orders: StockMoveDeps['orders'] & {
    insert(order: OrderRecord): Promise<void>;
    finishJob(id: ObjectId, set: Partial<OrderRecord>): Promise<void>;
    remove(id: ObjectId): Promise<void>;
  };
}

/**
 * Places an order and takes its stock, all or nothing, without a multi-document transaction (a
 * standalone MongoDB has none). The order is written first, invisible, with a `place` job listing
 * the takes; each take is one conditional update of its product and is recorded on the order
 * before the next. When a product is short, the takes done are given back and the order removed
 * (409). When anything fails part-way, the same undo is tried at once, and what it cannot reach
 * is undone by `recoverStockJobs` from the record on the order.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
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

async function abandon(id: ObjectId, job: StockJob, deps: PlaceOrderDeps): Promise<void> {
  await undoTakes(id, job, deps);
  await deps.orders.remove(id);
}
