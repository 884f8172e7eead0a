import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  parseServiceRegistry,
  readServiceRegistry,
  REGISTRY_FILE,
  RegistryError,
} from '../src/registry.js';

const FILE = 'services/registry.json';
const SERVICES_DIR = dirname(REGISTRY_FILE);

const books = {
  name: 'books',
  launcherPort: 6791,
  usesMongo: false,
  replicas: 'one',
  peakRssMiB: 120,
  tryPath: '/books',
  secrets: [{ variable: 'BOOKS_TOKEN', developmentValue: 'dev-books-token', scheme: 'booksToken' }],
  faults: {
    read: '/books/{id}',
    create: { path: '/books', body: { title: '{name}' }, token: 'BOOKS_TOKEN' },
  },
  apiLintExceptions: [
    { at: ['#/paths/~1books/get'], rules: ['owasp:api4:2023-array-limit'], why: 'the README' },
  ],
};
const tutorial = {
  name: 'tutorial',
  launcherPort: 3000,
  usesMongo: false,
  replicas: 'many',
  peakRssMiB: 120,
  tryPath: '/',
  secrets: [],
  faults: { read: '/', create: { path: '/postData', body: {} } },
  apiLintExceptions: [],
};

function parse(services: unknown): ReturnType<typeof parseServiceRegistry> {
  return parseServiceRegistry(JSON.stringify(services), FILE);
}

describe('service registry', () => {
  it('when read from the repository, then it lists exactly the packages under services/', () => {
    const folders = readdirSync(SERVICES_DIR, { withFileTypes: true })
      .filter((entry) => existsSync(join(SERVICES_DIR, entry.name, 'package.json')))
      .map((entry) => entry.name);
    expect(
      readServiceRegistry()
        .map((service) => service.name)
        .sort(),
    ).toEqual(folders.sort());
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
    [
      'replicas not one or many',
      [{ ...books, replicas: 2 }],
      '[0].replicas must be "one" or "many"',
    ],
    ['no peak RSS', [{ ...books, peakRssMiB: undefined }], '[0].peakRssMiB must be a number'],
    [
      'a token without its scheme',
      [{ ...books, secrets: [{ variable: 'BOOKS_TOKEN', developmentValue: 'x' }] }],
      '[0].secrets[0].scheme',
    ],
    [
      'no faults workload',
      [{ ...books, faults: undefined }],
      '[0].faults must say what the fault suite reads and creates',
    ],
    [
      'a MongoDB service whose creates land nowhere',
      [{ ...books, usesMongo: true }],
      '[0].faults.storedIn must name the collection',
    ],
    [
      'a faults token that is no secret of the service',
      [
        {
          ...tutorial,
          faults: { ...tutorial.faults, create: { ...tutorial.faults.create, token: 'X' } },
        },
      ],
      '[0].faults.create.token must be one of the secret variables',
    ],
    [
      'no Spectral exceptions',
      [{ ...books, apiLintExceptions: undefined }],
      '[0].apiLintExceptions must list the Spectral rules',
    ],
    [
      'an exception without its reason',
      [{ ...books, apiLintExceptions: [{ rules: ['operation-description'] }] }],
      '[0].apiLintExceptions[0].why',
    ],
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
