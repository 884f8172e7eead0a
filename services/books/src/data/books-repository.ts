import { ifMatchAllows, type IfMatch } from '@repo/common';
import { BookStatus, type Book, type BookChanges, type NewBook } from '../domain/book.js';
import { matchesFilter, type BookFilter } from '../domain/book-filter.js';
import { nextBookId } from '../domain/book-id.js';

/**
 * Every way the service reads and writes books. Synchronous: the spec keeps books in memory, and
 * a promise per call would only cost every request a trip through the microtask queue. A store
 * that does I/O would make these return promises and the routes await them.
 */
export interface BooksRepository {
  /** Stores a new book with a fresh id and STATUS_AVAILABLE, and returns it. */
  create(book: NewBook): Book;
  /** Books matching every filter given, oldest first. */
  list(filter: BookFilter): Book[];
  findById(id: number): Book | null;
  /**
   * Applies the changes to the book with that id and returns it as changed: `missing` when there
   * is none, `stale` when its version is not one `ifMatch` names (then nothing changes).
   */
  update(id: number, changes: BookChanges, ifMatch?: IfMatch): Book | 'missing' | 'stale';
  /** Removes the book with that id; false when there was none or its version is not one `ifMatch` names. */
  remove(id: number, ifMatch?: IfMatch): boolean;
}

export interface BooksRepositoryOptions {
  /** The current time, read once per create for the id; injectable so tests can freeze it. */
  clock?: () => Date;
}

/**
 * Books in a Map keyed by id, so all data is lost when the process stops (the spec wants that).
 * Each operation runs synchronously, so id allocation and read-modify-write (the check of
 * `If-Match` against a book's version and the change included) cannot interleave with another
 * request.
 *
 * Stored books are frozen, `year` included, and a change stores a new frozen book under the same
 * key (which keeps its place in the Map, so the list order stays the creation order). Reads can
 * therefore hand out the stored books themselves: nobody can change one by accident, and listing
 * copies nothing.
 */
export function createBooksRepository({
  clock = () => new Date(),
}: BooksRepositoryOptions = {}): BooksRepository {
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

/**
 * `year` as the store keeps it: a primitive as it is, an object or array as a deep copy that is
 * frozen at every level, so neither the request body it came from nor a reader can change it.
 */
function frozenCopy(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? deepFreeze(structuredClone(value)) : value;
}

function deepFreeze(value: object): object {
  for (const inner of Object.values(value)) {
    if (typeof inner === 'object' && inner !== null) deepFreeze(inner);
  }
  return Object.freeze(value);
}
