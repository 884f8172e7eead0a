import type { Book } from './book.js';

/** The list filters a client gave; each one present must match (AND). */
export interface BookFilter {
  title?: string;
  author?: string;
  year?: string;
}

const FILTER_KEYS = ['title', 'author', 'year'] as const;

export type FilterRequest = { ok: true; filter: BookFilter } | { ok: false; message: string };

/**
 * Reads `title`, `author` and `year` from a parsed query string; other keys are ignored. A key
 * given twice (`?year=1990&year=1991`) arrives as an array and is refused rather than guessed at.
 */
export function parseBookFilter(query: Readonly<Record<string, unknown>>): FilterRequest {
  const filter: BookFilter = {};
  const repeated: string[] = [];
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value === undefined) continue;
    if (typeof value === 'string') filter[key] = value;
    else repeated.push(`"${key}"`);
  }
  if (repeated.length > 0) {
    return {
      ok: false,
      message: `Each query parameter may be given at most once; repeated: ${repeated.join(', ')}.`,
    };
  }
  return { ok: true, filter };
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
