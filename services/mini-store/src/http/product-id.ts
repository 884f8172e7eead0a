import type { RequestParamHandler, Response } from 'express';
import { ObjectId } from 'mongodb';
import { BadRequestError, parseObjectId } from '@repo/common';

export const MALFORMED_ID_MESSAGE = 'id must be 24 hexadecimal characters';

const PRODUCT_ID_LOCAL = 'productId';

/**
 * The optional id check of spec rule 4, run in front of every `/:id` route: an id that is not 24
 * lowercase hexadecimal characters is a 400 before any handler or database call sees it.
 */
export const checkProductIdParam: RequestParamHandler = (_req, res, next, value: unknown) => {
  const id = typeof value === 'string' ? parseObjectId(value, { lowercaseOnly: true }) : null;
  if (id === null) {
    next(new BadRequestError(MALFORMED_ID_MESSAGE));
    return;
  }
  res.locals[PRODUCT_ID_LOCAL] = id;
  next();
};

/** The id `checkProductIdParam` accepted for this request. */
export function productIdOf(res: Response): ObjectId {
  const id: unknown = res.locals[PRODUCT_ID_LOCAL];
  if (!(id instanceof ObjectId))
    throw new Error('productIdOf used on a route without the :id check');
  return id;
}
