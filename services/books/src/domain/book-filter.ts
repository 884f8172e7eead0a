import type { Book } from './book.js';

/** Each one present must match (AND). */
export interface BookFilter {
  title?: string;
  author?: string;
  year?: string;
}

/**
 * Exact, case-sensitive equality. The year is compared as text, because it is stored as sent:
 * `?year=1999` matches 1999 and "1999"; a year that is not a number or text never matches.
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
