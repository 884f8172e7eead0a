import type { ObjectId } from 'mongodb';
import { BadRequestError, parseObjectId } from '@repo/common';

export const MALFORMED_ID_MESSAGE = 'id must be 24 hexadecimal characters';

/**
 * The optional id check of spec rule 4: an id that is not 24 lowercase hexadecimal characters is
 * a 400, thrown before any body is read or any database call is made. Each `/:id` route calls it
 * first (a plain call rather than `router.param`, whose per-request bookkeeping costs more than
 * the check itself).
 */
export function productIdFromPath(value: string | undefined): ObjectId {
  const id = value === undefined ? null : parseObjectId(value, { lowercaseOnly: true });
  if (id === null) throw new BadRequestError(MALFORMED_ID_MESSAGE);
  return id;
}
