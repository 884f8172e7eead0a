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
  mount(app, { fixture }) {
    const books = booksOf(fixture);
    app.get('/books', (_req, res) => {
      res.json(books);
    });
  },
};

/** GET /books/:id: one book found by its numeric id. */
export const booksById: Baseline = {
  usesMongo: false,
  mount(app, { fixture }) {
    const books = booksOf(fixture);
    app.get('/books/:id', (req, res) => {
      const id = Number(req.params.id);
      const book = books.find((candidate) => candidate.id === id);
      if (book === undefined) {
        res.sendStatus(404);
        return;
      }
      res.json(book);
    });
  },
};
