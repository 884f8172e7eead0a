import { describe, expect, it } from 'vitest';
import { parseServiceRegistry, readServiceRegistry, RegistryError } from '../src/registry.js';

const FILE = 'services/registry.json';

const books = {
  name: 'books',
  launcherPort: 6791,
  usesMongo: false,
  tryPath: '/books',
  secrets: [{ variable: 'BOOKS_TOKEN', developmentValue: 'dev-books-token', scheme: 'booksToken' }],
};
const tutorial = {
  name: 'tutorial',
  launcherPort: 3000,
  usesMongo: false,
  tryPath: '/',
  secrets: [],
};

function parse(services: unknown): ReturnType<typeof parseServiceRegistry> {
  return parseServiceRegistry(JSON.stringify(services), FILE);
}

describe('service registry', () => {
  it('when read from the repository, then it lists the five services in the URL-table order', () => {
    expect(readServiceRegistry().map((service) => service.name)).toEqual([
      'products',
      'books',
      'orders',
      'mini-store',
      'tutorial',
    ]);
  });

  it('when an entry is valid, then each service gets its folder and keeps its secrets in order', () => {
    const [first, second] = parse([books, tutorial]);
    expect(first).toEqual({ ...books, dir: 'services/books' });
    expect(second?.dir).toBe('services/tutorial');
  });

  it.each([
    [
      'a port that is text',
      [{ ...books, launcherPort: '6791' }],
      '[0].launcherPort must be a port number',
    ],
    ['a port out of range', [{ ...books, launcherPort: 70000 }], '[0].launcherPort'],
    [
      'usesMongo missing',
      [{ ...books, usesMongo: undefined }],
      '[0].usesMongo must be true or false',
    ],
    [
      'a path without /',
      [{ ...books, tryPath: 'books' }],
      '[0].tryPath must be a path starting with /',
    ],
    ['a name with capitals', [{ ...books, name: 'Books' }], '[0].name must be a folder name'],
    [
      'a misspelt field',
      [{ ...books, usesMongoDb: true }],
      '[0].usesMongoDb is not a field of the registry',
    ],
    [
      'a lower-case secret variable',
      [
        {
          ...books,
          secrets: [{ variable: 'books_token', developmentValue: 'x', scheme: 'booksToken' }],
        },
      ],
      '[0].secrets[0].variable must be an environment variable name',
    ],
    [
      'an empty development value',
      [
        {
          ...books,
          secrets: [{ variable: 'BOOKS_TOKEN', developmentValue: '', scheme: 'booksToken' }],
        },
      ],
      '[0].secrets[0].developmentValue',
    ],
    ['a repeated name', [books, { ...tutorial, name: 'books' }], '[1].name repeats an earlier one'],
    ['a repeated port', [books, { ...tutorial, launcherPort: 6791 }], '[1].launcherPort repeats'],
    [
      'a secret variable of two services',
      [books, { ...tutorial, secrets: books.secrets }],
      '[1].secrets[0].variable repeats',
    ],
    ['an object instead of a list', { books }, 'the top level must be a list'],
    ['an empty list', [], 'the top level must list at least one service'],
  ])(
    'when it holds %s, then reading fails naming the file and the field',
    (_case, services, message) => {
      expect(() => parse(services)).toThrow(RegistryError);
      expect(() => parse(services)).toThrow(`${FILE}: ${message}`);
    },
  );

  it('when the file is not JSON, then reading fails naming the file', () => {
    expect(() => parseServiceRegistry('[{', FILE)).toThrow(`${FILE}: not valid JSON`);
  });

  it('when the file is missing, then reading fails naming it', () => {
    expect(() => readServiceRegistry('/nonexistent/registry.json')).toThrow(
      '/nonexistent/registry.json: cannot be read',
    );
  });
});
