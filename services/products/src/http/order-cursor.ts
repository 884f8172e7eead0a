import { ObjectId } from 'mongodb';

/**
 * The `?after=` cursor: the last order of a page, opaque to clients. Pages run newest first by
 * id, and a new order's id is greater than every earlier one's, so the next page starts at the
 * same place however many orders arrive meanwhile.
 */
const PREFIX = 'o1.';

export function encodeOrderCursor(id: ObjectId): string {
  return Buffer.from(PREFIX + id.toHexString()).toString('base64url');
}

export function decodeOrderCursor(cursor: string): ObjectId | undefined {
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!text.startsWith(PREFIX)) return undefined;
  const hex = text.slice(PREFIX.length);
  return /^[0-9a-f]{24}$/.test(hex) ? ObjectId.createFromHexString(hex) : undefined;
}
