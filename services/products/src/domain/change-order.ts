import { ifMatchAllows, PreconditionFailedError, storedVersion, type IfMatch } from '@repo/common';
import type { ObjectId } from 'mongodb';
import type { OrderUpdate } from '../data/orders-repository.js';
import { forbiddenMove, itemsFixed, orderBusy, outOfStock } from './order-errors.js';
import { orderItemsFor, productsShort } from './order-items.js';
import {
  canMove,
  movesBetween,
  orderTotal,
  type OrderRecord,
  type OrderStatus,
  type RequestedItem,
  type StockJob,
} from './order.js';
import { makeMoves, undoTakes, type OrderDeps } from './stock-moves.js';

/** Never both (the schema sees to it). */
export interface OrderChanges {
  status?: OrderStatus | undefined;
  items?: RequestedItem[] | undefined;
}

/** How often a change is decided again when another request changed the order first. */
const ATTEMPTS = 5;

/** What a change decided on the order as read: the answer, or a write to try. */
type Step =
  | { done: OrderRecord }
  | { write: OrderUpdate; afterWrite?: (written: OrderRecord) => Promise<OrderRecord> };

/**
 * Null when no visible order has the id. Each attempt reads the order, decides, and writes only if
 * the order is still as read (same status, no stock job, and the version `If-Match` names), so two
 * requests never both act on one state: of two concurrent cancels, one returns the stock.
 */
export async function changeOrder(
  deps: OrderDeps,
  id: ObjectId,
  changes: OrderChanges,
  now: Date,
  ifMatch?: IfMatch,
): Promise<OrderRecord | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const order = await deps.orders.findVisible(id);
    if (order === null) return null;
    if (!ifMatchAllows(ifMatch, storedVersion(order))) throw new PreconditionFailedError();
    const step = await decide(deps, order, changes, now);
    if ('done' in step) return step.done;
    const written = await deps.orders.updateIdle(id, { ...step.write, ifMatch });
    if (written !== null) return step.afterWrite ? step.afterWrite(written) : written;
  }
  throw orderBusy();
}

async function decide(
  deps: OrderDeps,
  order: OrderRecord,
  { status, items }: OrderChanges,
  now: Date,
): Promise<Step> {
  if (items !== undefined) return decideItems(deps, order, items, now);
  if (status === undefined || status === order.status) return { done: order };
  if (!canMove(order.status, status)) throw forbiddenMove(order.status, status);
  if (order.stockJob !== undefined) throw orderBusy();
  const set: OrderUpdate['set'] = { status, updatedAt: now };
  if (status !== 'cancelled') return { write: { set, whenStatus: order.status } };
  const job: StockJob = {
    kind: 'release',
    moves: order.items.map((item) => ({ productId: item.productId, delta: item.quantity })),
    done: [],
    since: now,
  };
  return {
    write: { set: { ...set, stockJob: job }, whenStatus: order.status },
    afterWrite: async (written) => {
      await makeMoves(written._id, job, deps);
      await deps.orders.finishJob(written._id, {});
      return withoutJob(written);
    },
  };
}

async function decideItems(
  deps: OrderDeps,
  order: OrderRecord,
  requested: RequestedItem[],
  now: Date,
): Promise<Step> {
  if (order.status !== 'pending') throw itemsFixed(order.status);
  if (order.stockJob !== undefined) throw orderBusy();
  const nextItems = await orderItemsFor(requested, deps.products, order.items);
  const nextTotal = orderTotal(nextItems);
  const moves = movesBetween(order.items, nextItems);
  const set = { items: nextItems, total: nextTotal, updatedAt: now };
  if (moves.length === 0) return { write: { set, whenStatus: 'pending' } };
  const job: StockJob = { kind: 'change', moves, done: [], since: now, nextItems, nextTotal };
  return {
    write: { set: { stockJob: job }, whenStatus: 'pending' },
    afterWrite: async (written) => {
      let short: ObjectId | undefined;
      try {
        short = await makeMoves(written._id, job, deps);
      } catch (error) {
        // Left for recovery when even the undo fails: the job on the order says what to undo.
        await undo(written._id, job, deps).catch(() => undefined);
        throw error;
      }
      if (short !== undefined) {
        await undo(written._id, job, deps);
        throw outOfStock(await productsShort(short, moves, deps.products));
      }
      await deps.orders.finishJob(written._id, set);
      // The job's end counted as one more change, and nothing else writes an order with a job.
      return { ...withoutJob(written), ...set, _version: storedVersion(written) + 1 };
    },
  };
}

/** Takes come before give-backs, so a change refused for stock has given nothing back yet. */
async function undo(id: ObjectId, job: StockJob, deps: OrderDeps): Promise<void> {
  await undoTakes(id, job, deps);
  await deps.orders.finishJob(id, {});
}

function withoutJob(order: OrderRecord): OrderRecord {
  const { stockJob: _job, ...rest } = order;
  return rest;
}
