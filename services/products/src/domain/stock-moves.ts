import type { ObjectId } from 'mongodb';
import type { OrdersRepository } from '../data/orders-repository.js';
import type { ProductsRepository } from '../data/products-repository.js';
import type { StockJob, StockMove } from './order.js';

/** What the order rules work on. */
export interface OrderDeps {
  products: ProductsRepository;
  orders: OrdersRepository;
}

const isDone = (job: StockJob, move: StockMove): boolean =>
  job.done.includes(move.productId.toHexString());

/**
 * Makes the job's moves that are not done yet, in order, recording each one on the order as soon
 * as it is made, so a failure part-way leaves a record of exactly what was moved. Stops at the
 * first take the product cannot cover and returns its id.
 */
export async function makeMoves(
  orderId: ObjectId,
  job: StockJob,
  { products, orders }: OrderDeps,
): Promise<ObjectId | undefined> {
  for (const move of job.moves) {
    if (isDone(job, move)) continue;
    if (move.delta < 0) {
      if (!(await products.takeStock(move.productId, -move.delta))) return move.productId;
    } else {
      await products.giveStock(move.productId, move.delta);
    }
    const hex = move.productId.toHexString();
    await orders.markMoveDone(orderId, hex);
    job.done.push(hex);
  }
  return undefined;
}

/** Gives back what the job's done takes took, last first, forgetting each as it goes back. */
export async function undoTakes(
  orderId: ObjectId,
  job: StockJob,
  { products, orders }: OrderDeps,
): Promise<void> {
  for (const move of [...job.moves].reverse()) {
    if (move.delta >= 0 || !isDone(job, move)) continue;
    await products.giveStock(move.productId, -move.delta);
    const hex = move.productId.toHexString();
    await orders.unmarkMoveDone(orderId, hex);
    job.done = job.done.filter((done) => done !== hex);
  }
}

/** True once a give-back of the job is done: from then on the job can only be finished. */
export function hasGivenBack(job: StockJob): boolean {
  return job.moves.some((move) => move.delta > 0 && isDone(job, move));
}
