import { z } from 'zod';
import { inputReader } from '@repo/common';
import { safeHtml } from '../domain/html.js';
import { readsAsNumber } from '../domain/number-text.js';
import { RejectedInputError } from './errors.js';

export const PERSON_ID_TEXT = safeHtml`BAD REQUEST: Person ID must be a number`;

export const personIdSchema = z
  .string()
  .refine(readsAsNumber)
  .meta({ description: 'Text that `Number()` reads as a number (`7`, `1e3`, `0x10`, ` 5 `).' });

/** The id of `/person/:id`, as written, when `Number(id)` is not NaN; else the spec's 400. */
export const readPersonId = inputReader(
  personIdSchema,
  () => new RejectedInputError(PERSON_ID_TEXT),
);
