import type { Baseline } from './types.js';

interface Book {
  id: number;
}

function booksOf(fixture: unknown): Book[] {
  if (!Array.isArray(fixture)) throw new Error('books baseline needs the books as its fixture');
  return fixture as Book[];
}

/** GET /books: the whole in-memory list as JSON. */
export const booksList: Baseline = {
  usesMongo: false,
  route({ fixture }) {
    const books = booksOf(fixture);
    return {
      method: 'GET',
      path: '/books',
      jsonBody: false,
      handle: () => ({ status: 200, json: books }),
    };
  },
};

/** GET /books/:id: one book found by its numeric id. */
export const booksById: Baseline = {
  usesMongo: false,
  route({ fixture }) {
    const books = booksOf(fixture);
    return {
      method: 'GET',
      path: '/books/:id',
      jsonBody: false,
      handle({ params }) {
        const id = Number(params['id']);
        const book = books.find((candidate) => candidate.id === id);
        return book === undefined ? { status: 404 } : { status: 200, json: book };
      },
    };
  },
};
