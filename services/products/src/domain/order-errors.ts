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

/** 409: taking the items would leave these products below 0. Nothing changed. */
export function outOfStock(productIds: readonly ObjectId[]): ProductsProblemError {
  return new ProductsProblemError(409, 'not enough stock for products', productIds);
}

/** 422: the body is well-formed, but no product has these ids. */
export function unknownProducts(productIds: readonly ObjectId[]): ProductsProblemError {
  return new ProductsProblemError(422, 'no product has the ids', productIds);
}

/** 422: these products have no price an order can copy (the service stores any JSON as a price). */
export function unpricedProducts(productIds: readonly ObjectId[]): ProductsProblemError {
  return new ProductsProblemError(
    422,
    'products without a price of 0 or more cannot be ordered',
    productIds,
  );
}

/** 409: a status move the order's life does not allow. */
export function forbiddenMove(from: OrderStatus, to: OrderStatus): HttpError {
  return new HttpError(409, `an order cannot move from ${from} to ${to}`);
}

/** 409: only a pending order's items can change. */
export function itemsFixed(status: OrderStatus): HttpError {
  return new HttpError(
    409,
    `the items of a ${status} order cannot change; only a pending order's can`,
  );
}

/** 409: another change of the same order is moving stock right now. */
export function orderBusy(): HttpError {
  return new HttpError(409, 'the order is being changed by another request; try again');
}
