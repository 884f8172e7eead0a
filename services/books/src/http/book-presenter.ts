import type { Book, BookStatus } from '../domain/book.js';

/** A book as clients see it: `id`, `title`, `author`, `year` (only when one was sent), `status`. */
export interface BookView {
  id: number;
  title: string;
  author: string;
  year?: unknown;
  status: BookStatus;
}

/**
 * Built key by key, so the JSON always reads in that order. Stored books are frozen (see the
 * repository), so `year` is handed on as it is, never copied.
 */
export function presentBook(book: Book): BookView {
  const { id, title, author, status } = book;
  return Object.hasOwn(book, 'year')
    ? { id, title, author, year: book.year, status }
    : { id, title, author, status };
}
