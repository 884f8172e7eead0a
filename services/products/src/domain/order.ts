import type { ObjectId } from 'mongodb';

export const ORDER_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT_STATUSES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** Stock is held by an order from placement until it ships; a cancelled order holds none. */
export function holdsStock(status: OrderStatus): boolean {
  return status === 'pending';
}

/** One line of an order: the product's price and name are copied when it is ordered. */
export interface OrderItem {
  productId: ObjectId;
  quantity: number;
  price: number;
  modelName: unknown;
}

export interface RequestedItem {
  productId: ObjectId;
  quantity: number;
}

/** A negative delta takes stock (only if the product has that much), a positive one gives it back. */
export interface StockMove {
  productId: ObjectId;
  delta: number;
}

/**
 * Stock moves in progress, written on the order before the first move and removed after the
 * last, with each product whose move is done. An order with a job is what lets the stock and the
 * orders agree again after a failure part-way (`recover-stock-jobs.ts`).
 *
 * - `place`: the order is not placed until the job ends (it is invisible); undone on failure.
 * - `change`: the order's items become `nextItems`; undone on failure unless a give-back has
 *   been done (every take is done before the first give-back), then finished.
 * - `release`: stock goes back (cancel, delete); always finished.
 */
export interface StockJob {
  kind: 'place' | 'change' | 'release';
  moves: StockMove[];
  /** Hex ids of the products whose move is done. */
  done: string[];
  /** When the job started, or was last taken over: a job older than the lease is abandoned. */
  since: Date;
  nextItems?: OrderItem[];
  nextTotal?: number;
}

export interface OrderFields {
  customerId: string;
  items: OrderItem[];
  total: number;
  status: OrderStatus;
  createdAt: Date;
  updatedAt: Date;
  stockJob?: StockJob;
  /** Set when a delete has started; the order is gone for clients from then on. */
  deleted?: true;
  /** Bumped by each write that changes what clients see (its ETag); absent (0) until then. */
  _version?: number;
}

export interface OrderRecord extends OrderFields {
  _id: ObjectId;
}

/** The total of the lines, in cents rounded to the nearest, as money is. */
export function orderTotal(items: readonly OrderItem[]): number {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return cents / 100;
}

/** Takes first, then give-backs. */
export function movesBetween(
  before: readonly RequestedItem[],
  after: readonly RequestedItem[],
): StockMove[] {
  const deltas = new Map<string, StockMove>();
  for (const item of before) {
    deltas.set(item.productId.toHexString(), { productId: item.productId, delta: item.quantity });
  }
  for (const item of after) {
    const key = item.productId.toHexString();
    const move = deltas.get(key) ?? { productId: item.productId, delta: 0 };
    move.delta -= item.quantity;
    deltas.set(key, move);
  }
  const moves = [...deltas.values()].filter((move) => move.delta !== 0);
  return [...moves.filter((m) => m.delta < 0), ...moves.filter((m) => m.delta > 0)];
}
