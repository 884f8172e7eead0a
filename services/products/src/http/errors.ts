import { jsonErrorRenderer, NotFoundError, type ErrorRenderer } from '@repo/common';
import { ProductsProblemError } from '../domain/order-errors.js';

/** The README's 404 for a product id that is unknown or malformed, naming the id as sent. */
export function productNotFound(id: string): NotFoundError {
  return new NotFoundError(`Not found: no product with id of ${id}`);
}

/** The README's 404 for an order id that is unknown or malformed, in the products' words. */
export function orderNotFound(id: string): NotFoundError {
  return new NotFoundError(`Not found: no order with id of ${id}`);
}

const renderMessage = jsonErrorRenderer('Something went wrong');

/**
 * `{ error: <message> }` for every 4xx; every 5xx says only `Something went wrong` (details go to
 * the log). An order refused for some of its products also lists them in `productIds`.
 */
export const renderError: ErrorRenderer = (error, res) => {
  if (error.cause instanceof ProductsProblemError) {
    res.status(error.status).json({ error: error.message, productIds: error.cause.productIds });
    return;
  }
  renderMessage(error, res);
};
