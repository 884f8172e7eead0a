import { inputReader, objectIdSchema } from '@repo/common';
import { menuItemNotFound } from './errors.js';

/**
 * The id of `/menu/:id`, matched exactly as the service writes ids (24 lowercase hex digits): any
 * other text names no menu item, so it gets the same 404 as an unknown id, never a 500.
 */
export const readMenuItemId = inputReader(objectIdSchema, (_error, input) =>
  menuItemNotFound(String(input)),
);
