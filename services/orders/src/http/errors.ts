import { HttpError, NotFoundError, type ErrorRenderer } from '@repo/common';
import type { RequestHandler } from 'express';
import type { ObjectId } from 'mongodb';
import { ORDER_STATUSES, type OrderStatus } from '../domain/order.js';

export const PAGE_NOT_FOUND_MESSAGE = 'This page does not exist.';
export const SERVER_ERROR_MESSAGE = 'An error has occurred on our end';

/** A 400 that carries every problem found; the README answers it as `{ errors: [...] }`. */
export class ValidationError extends HttpError {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(400, problems.join('; '));
    this.problems = problems;
  }
}

export const TOKEN_REJECTED_MESSAGE = 'Token is missing or does not match.';

/** A missing or wrong token: always the same text, as the README fixes it. */
export class UnauthorizedError extends HttpError {
  constructor() {
    super(401, TOKEN_REJECTED_MESSAGE);
  }
}

export function menuItemNotFound(idText: string): NotFoundError {
  return new NotFoundError(`Menu item ${idText} not found`);
}

export function orderNotFound(idText: string): NotFoundError {
  return new NotFoundError(`Order ${idText} not found`);
}

export function moveRefused(id: ObjectId, from: OrderStatus, to: OrderStatus): HttpError {
  return new HttpError(
    409,
    `Order ${id.toHexString()} is ${from} and cannot move to ${to}; ` +
      `orders move only forward: ${ORDER_STATUSES.join(' -> ')}`,
  );
}

export function cancelRefused(id: ObjectId, current: OrderStatus): HttpError {
  return new HttpError(
    409,
    `Order ${id.toHexString()} is ${current} and can no longer be cancelled; only pending orders can`,
  );
}

/**
 * The README's error bodies: validation problems as `{ errors }`, an auth failure as `{ Error }`
 * (capital E), every 5xx as the fixed text, any other client error as `{ error }`.
 */
export const renderError: ErrorRenderer = (error, res) => {
  if (error.cause instanceof ValidationError) {
    res.status(error.status).json({ errors: error.cause.problems });
  } else if (error.status === 401) {
    res.status(401).json({ Error: error.message });
  } else if (error.status >= 500) {
    res.status(error.status).json({ error: SERVER_ERROR_MESSAGE });
  } else {
    res.status(error.status).json({ error: error.message });
  }
};

/** The catch-all for requests no route matched, with the README's text. */
export const pageNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: PAGE_NOT_FOUND_MESSAGE });
};
