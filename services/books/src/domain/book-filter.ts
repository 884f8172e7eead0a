import type { Book } from './book.js';

/** The list filters a client gave; each one present must match (AND). */
export interface BookFilter {
  title?: string;
  author?: string;
  year?: string;
}

/**
 * Title and author match on exact, case-sensitive equality with the stored text. The year is
 * compared as text, because it is stored as the client sent it: `?year=1999` matches 1999 and
 * "1999". A book without a year (or with a year that is not a number or text) never matches a
 * year filter.
 */
export function matchesFilter(book: Book, filter: BookFilter): boolean {
  if (filter.title !== undefined && book.title !== filter.title) return false;
  if (filter.author !== undefined && book.author !== filter.author) return false;
  if (filter.year !== undefined && yearAsText(book.year) !== filter.year) return false;
  return true;
}

function yearAsText(year: unknown): string | undefined {
  return typeof year === 'number' || typeof year === 'string' ? String(year) : undefined;
}
