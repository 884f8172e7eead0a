import { z } from 'zod';
import { inputReader } from '@repo/common';
import { safeHtml } from '../domain/html.js';
import { readsAsNumber } from '../domain/number-text.js';
import { RejectedInputError } from './errors.js';

export const ITEMID_TEXT = safeHtml`Error: itemid must be a number`;
export const LETTER_TEXT = safeHtml`letter query parameter is required`;

/**
 * A missing `itemid` is a 400; a present but empty one reads as 0 and passes (spec rule 1). A
 * repeated `itemid` is an array, which `Number()` turns into NaN, so it is refused too.
 */
export const catalogQuerySchema = z.object({
  itemid: z
    .string()
    .refine(readsAsNumber)
    .meta({ description: 'Text that `Number()` reads as a number; empty reads as 0.' }),
});

/**
 * The guard of spec rule 4: `letter` missing, empty, or not a single string (a repeated key is an
 * array, and `letter[]=a` is another key) is a 400. A `letter` of spaces is not empty.
 */
export const peopleQuerySchema = z.object({ letter: z.string().min(1) });

export const readCatalogQuery = inputReader(
  catalogQuerySchema,
  () => new RejectedInputError(ITEMID_TEXT),
);
export const readPeopleQuery = inputReader(
  peopleQuerySchema,
  () => new RejectedInputError(LETTER_TEXT),
);
