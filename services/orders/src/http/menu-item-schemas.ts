import { inputReader, objectIdSchema } from '@repo/common';
import { z } from 'zod';
import { menuItemNotFound, ValidationError } from './errors.js';

/**
 * The id of `/menu/:id`, matched exactly as the service writes ids (24 lowercase hex digits): any
 * other text names no menu item, so it gets the same 404 as an unknown id, never a 500.
 */
export const readMenuItemId = inputReader(objectIdSchema, (_error, input) =>
  menuItemNotFound(String(input)),
);

export const CATEGORY_PROBLEM = 'category must be given once, as text';

/** `GET /menu?category=`: one category, matched exactly; an unknown one lists nothing. */
export const menuQuerySchema = z.object({
  category: z
    .string({ error: CATEGORY_PROBLEM })
    .optional()
    .meta({ description: 'Only the items of this category (`pizza`, `side`, `drink`, ...).' }),
});

export const readMenuQuery = inputReader(
  menuQuerySchema,
  () => new ValidationError([CATEGORY_PROBLEM]),
);
