import type { Book } from '../domain/book.js';

/** Key by key, so the JSON reads in this order; `year` is frozen in store, so never copied. */
export function presentBook(book: Book) {
  const { id, title, author, status } = book;
  return Object.hasOwn(book, 'year')
    ? { id, title, author, year: book.year, status }
    : { id, title, author, status };
}
