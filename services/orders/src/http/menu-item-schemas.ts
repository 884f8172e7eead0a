import { inputReader } from '@repo/common';
import { objectIdSchema } from '@repo/common/mongo';
import { z } from 'zod';
import { menuItemNotFound, ValidationError } from './errors.js';

/** Any text but an id as the service writes them names no menu item: 404, never a 500. */
export const readMenuItemId = inputReader(objectIdSchema, (_error, input) =>
  menuItemNotFound(String(input)),
);

export const CATEGORY_PROBLEM = 'category must be given once, as text';

/** Matched exactly; an unknown category lists nothing. */
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
