import { z } from 'zod';
import { BadRequestError, inputReader, isJsonObject, NotFoundError } from '@repo/common';

export const NEW_BOOK_INVALID = 'Book data must include non-blank "title" and "author" fields.';
export const PATCH_SHAPE_INVALID = 'PATCH needs an "id" and at least one field to change.';
export const PATCH_FIELDS_INVALID =
  'PATCH "title" and "author", when given, must be non-blank strings.';

/** `message` is the 400 a refusal answers with. */
function nonBlankText(message: string) {
  return z
    .string({ error: message })
    .refine((text) => text.trim().length > 0, message)
    .meta({
      description: 'Text with something besides whitespace in it, stored as sent.',
      pattern: '\\S',
    });
}

/** Any JSON value, `null` included; a body without the key gives no key at all. */
const sentYear = z.unknown().optional().meta({ description: 'Any JSON value, copied as sent.' });

/** Numbers and text go through `Number()`; anything else becomes NaN, which matches no book. */
const bodyBookId = z
  .union([z.number(), z.string()])
  .transform(Number)
  .catch(Number.NaN)
  // zod's catch has no JSON Schema of its own: the document states what the id is read from.
  .meta({
    type: ['number', 'string'],
    description: 'The book id, a number or its text; anything else names no book.',
  });

/** Decimal digits only (leading zeros allowed), a safe integer; `-1`, `1e3`, `0x10` name no book. */
export const pathBookIdSchema = z
  .string()
  .regex(/^[0-9]+$/)
  .transform(Number)
  .refine((id) => Number.isSafeInteger(id));

/** Each at most once: a repeated key arrives as an array and is refused rather than guessed at. */
const filterValue = z.string().optional();
export const bookFilterSchema = z.object({
  title: filterValue,
  author: filterValue,
  year: filterValue,
});

/** z.object drops every other key, `id` and `status` too. */
export const newBookSchema = z.object({
  title: nonBlankText(NEW_BOOK_INVALID),
  author: nonBlankText(NEW_BOOK_INVALID),
  year: sentYear,
});

/**
 * A PATCH body is first an object with `id` and at least one other key (even one then dropped,
 * such as `status`); only then are the fields checked, so a wrong shape gets the shape text.
 */
function hasIdAndAnotherKey(body: unknown): boolean {
  if (!isJsonObject(body)) return false;
  const keys = Object.keys(body);
  return keys.length >= 2 && keys.includes('id');
}

export const bookPatchFieldsSchema = z
  .object({
    id: bodyBookId,
    title: nonBlankText(PATCH_FIELDS_INVALID).optional(),
    author: nonBlankText(PATCH_FIELDS_INVALID).optional(),
    year: sentYear,
  })
  // What `hasIdAndAnotherKey` checks first, said in JSON Schema for the document.
  .meta({ required: ['id'], minProperties: 2 });

const bookPatchSchema = z
  .custom<object>(hasIdAndAnotherKey, PATCH_SHAPE_INVALID)
  .pipe(bookPatchFieldsSchema)
  .transform(({ id, ...changes }) => ({ id, changes }));

/** A body that is not an object names no book (NaN). */
export const deleteBookBodySchema = z.object({ id: bodyBookId });

const deleteBodySchema = deleteBookBodySchema.catch({ id: Number.NaN }).transform(({ id }) => id);

/** An unreadable path id is answered like an unknown one. */
export const readPathBookId = inputReader(pathBookIdSchema, () => new NotFoundError());

export const readBookFilter = inputReader(bookFilterSchema, (error) => {
  const repeated = error.issues.map((issue) => `"${String(issue.path[0])}"`);
  return new BadRequestError(
    `Each query parameter may be given at most once; repeated: ${repeated.join(', ')}.`,
  );
});

export const readNewBook = inputReader(newBookSchema, () => new BadRequestError(NEW_BOOK_INVALID));

export const readBookPatch = inputReader(
  bookPatchSchema,
  (error) => new BadRequestError(error.issues[0]?.message ?? PATCH_SHAPE_INVALID),
);

// The schema catches every input: this never rejects (zod's error would be a 500).
export const readDeleteBookId = inputReader(deleteBodySchema, (error) => error);
