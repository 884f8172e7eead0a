import { HttpError } from '@repo/common';
import type { ObjectId } from 'mongodb';
import type { OrderStatus } from './order.js';

/** An order refused because of some of its products; the body names them in `productIds`. */
export class ProductsProblemError extends HttpError {
  readonly productIds: string[];

  constructor(status: number, message: string, productIds: readonly ObjectId[]) {
    const hex = productIds.map((id) => id.toHexString());
    super(status, `${message}: ${hex.join(', ')}`);
    this.productIds = hex;
  }
}

export function outOfStock(productIds: readonly ObjectId[]): ProductsProblemError {
  return new ProductsProblemError(409, 'not enough stock for products', productIds);
}

export function unknownProducts(productIds: readonly ObjectId[]): ProductsProblemError {
  return new ProductsProblemError(422, 'no product has the ids', productIds);
}

/** The service stores any JSON as a price. */
export function unpricedProducts(productIds: readonly ObjectId[]): ProductsProblemError {
  return new ProductsProblemError(
    422,
    'products without a price of 0 or more cannot be ordered',
    productIds,
  );
}

export function forbiddenMove(from: OrderStatus, to: OrderStatus): HttpError {
  return new HttpError(409, `an order cannot move from ${from} to ${to}`);
}

export function itemsFixed(status: OrderStatus): HttpError {
  return new HttpError(
    409,
    `the items of a ${status} order cannot change; only a pending order's can`,
  );
}

export function orderBusy(): HttpError {
  return new HttpError(409, 'the order is being changed by another request; try again');
}
