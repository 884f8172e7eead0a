import { parseObjectId } from '@repo/common';
import type { ObjectId } from 'mongodb';

/**
 * Menu item and order identifiers are matched exactly as the service writes them: 24 lowercase
 * hex digits. Anything else identifies nothing (a 404 or "not on the menu"), never a 500.
 */
export function parseId(text: string): ObjectId | null {
  return parseObjectId(text, { lowercaseOnly: true });
}
