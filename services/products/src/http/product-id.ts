import { NotFoundError, parseObjectId } from '@repo/common';
import type { ObjectId } from 'mongodb';

export function productNotFound(id: string): NotFoundError {
  return new NotFoundError(`Not found: no product with id of ${id}`);
}

/**
 * The ObjectId named by a path parameter. Ids are the 24 lowercase hex characters the service
 * hands out; anything else names no product, so it is a 404 like an unknown id (the spec's main
 * rule), never a 500.
 */
export function productIdFromPath(id: string): ObjectId {
  const objectId = parseObjectId(id, { lowercaseOnly: true });
  if (objectId === null) throw productNotFound(id);
  return objectId;
}
