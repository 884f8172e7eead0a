import { BookStatus, type Book, type BookChanges, type NewBook } from '../domain/book.js';
import { nextBookId } from '../domain/book-id.js';
import { matchesFilter, type BookFilter } from '../domain/book-filter.js';

/**
 * Every way the service reads and writes books. Synchronous: the spec keeps books in memory, and
 * a promise per call would only cost every request a trip through the microtask queue. A store
 * that does I/O would make these return promises and the routes await them.
 */
export interface BookRepository {
  /** Stores a new book with a fresh id and STATUS_AVAILABLE, and returns it. */
  create(book: NewBook): Book;
  /** Books matching every filter given, oldest first. */
  list(filter: BookFilter): Book[];
  findById(id: number): Book | null;
  /** Applies the changes to the book with that id; false when there is none. */
  update(id: number, changes: BookChanges): boolean;
  /** Removes the book with that id; false when there was none. */
  remove(id: number): boolean;
}

export interface InMemoryBookRepositoryOptions {
  /** Current time in ms since the Unix epoch; injectable so tests can freeze it. */
  now?: () => number;
}

/**
 * Books in a Map keyed by id, so all data is lost when the process stops (the spec wants that).
 * Each operation runs synchronously, so id allocation and read-modify-write cannot interleave with
 * another request. Callers get copies, never the stored objects.
 */
export function createInMemoryBookRepository({
  now = Date.now,
}: InMemoryBookRepositoryOptions = {}): BookRepository {
  const books = new Map<number, Book>();
  let lastId = 0;

  return {
    create: (newBook) => {
      lastId = nextBookId(now(), lastId);
      // Built key by key so the JSON reads id, title, author, year, status.
      const book: Book = {
        id: lastId,
        title: newBook.title,
        author: newBook.author,
        ...(Object.hasOwn(newBook, 'year') ? { year: structuredClone(newBook.year) } : {}),
        status: BookStatus.STATUS_AVAILABLE,
      };
      books.set(book.id, book);
      return copy(book);
    },
    list: (filter) => [...books.values()].filter((book) => matchesFilter(book, filter)).map(copy),
    findById: (id) => {
      const book = books.get(id);
      return book ? copy(book) : null;
    },
    update: (id, changes) => {
      const book = books.get(id);
      if (!book) return false;
      if (changes.title !== undefined) book.title = changes.title;
      if (changes.author !== undefined) book.author = changes.author;
      if (Object.hasOwn(changes, 'year')) book.year = structuredClone(changes.year);
      return true;
    },
    remove: (id) => books.delete(id),
  };
}

/**
 * A copy the caller may change freely. Only `year` (stored as the client sent it) can hold an
 * object; every other field is a primitive, so a spread copies them. structuredClone of every
 * book made GET /books spend more time copying 20 books than Express spent answering.
 */
function copy(book: Book): Book {
  return typeof book.year === 'object' && book.year !== null
    ? { ...book, year: structuredClone(book.year) }
    : { ...book };
}
