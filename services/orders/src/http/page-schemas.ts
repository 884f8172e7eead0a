import { z } from 'zod';
import { inputReader, NotFoundError } from '@repo/common';
import { PAGE_NOT_FOUND_MESSAGE } from './errors.js';

/** A file of `/pages/`: a lowercase name, then `.js` or `.css`; anything else names no file. */
export const pageFileSchema = z
  .string()
  .regex(/^[a-z][a-z-]{0,63}\.(?:js|css)$/)
  .meta({ description: 'A script or stylesheet of the pages.', example: 'kitchen.js' });

export const readPageFileName = inputReader(
  pageFileSchema,
  () => new NotFoundError(PAGE_NOT_FOUND_MESSAGE),
);
