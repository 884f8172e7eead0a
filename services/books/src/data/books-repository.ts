import { ifMatchAllows, type IfMatch } from '@repo/common';
import { BookStatus, type Book, type BookChanges, type NewBook } from '../domain/book.js';
import { matchesFilter, type BookFilter } from '../domain/book-filter.js';
import { nextBookId } from '../domain/book-id.js';

/**
 * Synchronous: the service keeps books in memory, and a promise per call would only cost every
 * request a trip through the microtask queue.
 */
export interface BooksRepository {
  /** A new book with a fresh id and STATUS_AVAILABLE. */
  create(book: NewBook): Book;
  /** Oldest first. */
  list(filter: BookFilter): Book[];
  findById(id: number): Book | null;
  /** The book as changed; `stale` when its version is not one `ifMatch` names (nothing changes). */
  update(id: number, changes: BookChanges, ifMatch?: IfMatch): Book | 'missing' | 'stale';
  /** False when there was no such book or its version is not one `ifMatch` names. */
  remove(id: number, ifMatch?: IfMatch): boolean;
}

/**
 * Books in a Map, lost when the process stops (the README says so). Each operation is
 * synchronous, so id allocation and read-modify-write (`If-Match` included) cannot interleave.
 *
 * Stored books are frozen, `year` included, and a change stores a new frozen book under the same
 * key (keeping its place in the Map, so the list stays in creation order). Reads can therefore
 * hand out the stored books themselves, and listing copies nothing.
 */
export function createBooksRepository({
  clock = () => new Date(),
}: { clock?: () => Date } = {}): BooksRepository {
  const books = new Map<number, Book>();
  let lastId = 0;

  return {
    create(newBook) {
      lastId = nextBookId(clock().getTime(), lastId);
      const book: Book = Object.freeze({
        id: lastId,
        title: newBook.title,
        author: newBook.author,
        ...(Object.hasOwn(newBook, 'year') ? { year: frozenCopy(newBook.year) } : {}),
        status: BookStatus.STATUS_AVAILABLE,
        version: 0,
      });
      books.set(book.id, book);
      return book;
    },
    list: (filter) => [...books.values()].filter((book) => matchesFilter(book, filter)),
    findById: (id) => books.get(id) ?? null,
    update(id, { title, author, ...rest }, ifMatch) {
      const stored = books.get(id);
      if (stored === undefined) return 'missing';
      if (!ifMatchAllows(ifMatch, stored.version)) return 'stale';
      const changed: { -readonly [K in keyof Book]: Book[K] } = {
        ...stored,
        version: stored.version + 1,
      };
      if (title !== undefined) changed.title = title;
      if (author !== undefined) changed.author = author;
      if (Object.hasOwn(rest, 'year')) changed.year = frozenCopy(rest.year);
      const frozen = Object.freeze(changed);
      books.set(id, frozen);
      return frozen;
    },
    remove(id, ifMatch) {
      const stored = books.get(id);
      return stored !== undefined && ifMatchAllows(ifMatch, stored.version) && books.delete(id);
    },
  };
}

/** An object or array `year` as a deep-frozen copy, which neither its body nor a reader can change. */
function frozenCopy(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? deepFreeze(structuredClone(value)) : value;
}

function deepFreeze(value: object): object {
  for (const inner of Object.values(value)) {
    if (typeof inner === 'object' && inner !== null) deepFreeze(inner);
  }
  return Object.freeze(value);
}
