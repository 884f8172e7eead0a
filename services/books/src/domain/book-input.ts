import { z } from 'zod';
import type { BookChanges, NewBook } from './book.js';

export const NEW_BOOK_INVALID = 'Book data must include non-blank "title" and "author" fields.';
export const PATCH_SHAPE_INVALID = 'PATCH needs an "id" and at least one field to change.';
export const PATCH_FIELDS_INVALID =
  'PATCH "title" and "author", when given, must be non-blank strings.';

const nonBlankText = z.string().refine((text) => text.trim().length > 0);

// z.object drops every other key, which is how "only title, author and year are taken" holds.
const newBookSchema = z.object({
  title: nonBlankText,
  author: nonBlankText,
  year: z.unknown().optional(),
});

const bookChangesSchema = z.object({
  title: nonBlankText.optional(),
  author: nonBlankText.optional(),
  year: z.unknown().optional(),
});

/** The book to create from a POST body, or null when title or author is missing or blank. */
export function parseNewBook(body: unknown): NewBook | null {
  const result = newBookSchema.safeParse(body);
  if (!result.success) return null;
  const { title, author } = result.data;
  // Key present means copy it (even null); key absent means the book has no year.
  return isObject(body) && Object.hasOwn(body, 'year')
    ? { title, author, year: result.data.year }
    : { title, author };
}

export type PatchRequest =
  { ok: true; id: number; changes: BookChanges } | { ok: false; message: string };

/**
 * A PATCH body: an object with `id` and at least one other key (any other key counts, even one
 * that is then ignored, such as `status`). Of the rest only title, author and year are kept.
 */
export function parsePatch(body: unknown): PatchRequest {
  if (!isObject(body)) return { ok: false, message: PATCH_SHAPE_INVALID };
  const keys = Object.keys(body);
  if (!keys.includes('id') || keys.length < 2) return { ok: false, message: PATCH_SHAPE_INVALID };

  const fields = bookChangesSchema.safeParse(body);
  if (!fields.success) return { ok: false, message: PATCH_FIELDS_INVALID };
  const changes: BookChanges = {};
  if (fields.data.title !== undefined) changes.title = fields.data.title;
  if (fields.data.author !== undefined) changes.author = fields.data.author;
  if (keys.includes('year')) changes.year = fields.data.year;
  return { ok: true, id: bookIdFromBody(body.id), changes };
}

/**
 * The `id` of a DELETE or PATCH body, converted to a number. Numbers and text go through
 * `Number()`; anything else (null, booleans, arrays, objects) becomes NaN, which matches no book.
 */
export function bookIdFromBody(value: unknown): number {
  return typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
}

/** The `:id` of GET /books/:id: decimal digits only, else null (answered 404 like an unknown id). */
export function bookIdFromPath(text: unknown): number | null {
  if (typeof text !== 'string' || !/^[0-9]+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** The body of a DELETE: its `id` if it is an object, else an id that matches nothing. */
export function deleteIdFromBody(body: unknown): number {
  return isObject(body) ? bookIdFromBody(body.id) : Number.NaN;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
