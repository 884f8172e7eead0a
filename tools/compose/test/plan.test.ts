import { describe, expect, it } from 'vitest';
import { mirrorsInSources } from '../src/debian-mirror.js';
import { expectedTopLevel, readLock } from '../src/production-dependencies.js';

describe('the Debian mirror handed to debootstrap', () => {
  it('is read from a deb822 .sources stanza that serves the suite', () => {
    const sources = [
      'Types: deb',
      'URIs: http://mirror.example/debian',
      'Suites: bookworm bookworm-updates',
      'Components: main',
      '',
      'Types: deb',
      'URIs: http://mirror.example/debian-security',
      'Suites: bookworm-security',
    ].join('\n');
    expect(mirrorsInSources(sources, 'bookworm')).toEqual(['http://mirror.example/debian']);
  });

  it('is read from a one-line sources.list entry, options included', () => {
    const list = [
      '# a comment',
      'deb [arch=amd64 signed-by=/k.gpg] http://one.example/debian bookworm main',
      'deb http://two.example/debian-security bookworm-security main',
    ].join('\n');
    expect(mirrorsInSources(list, 'bookworm')).toEqual(['http://one.example/debian']);
  });
});

describe("an image's expected node_modules top level", () => {
  const lock = readLock();

  it("holds the service's own production dependencies and its workspace links", () => {
    const expected = expectedTopLevel(lock, 'services/products');
    for (const name of ['express', 'mongodb', 'zod', 'pino', '@repo/common', '@repo/products']) {
      expect(expected.has(name), name).toBe(true);
    }
  });

  it('holds no dev dependency and no other workspace', () => {
    const expected = expectedTopLevel(lock, 'services/tutorial');
    for (const name of [
      'vitest',
      'typescript',
      'supertest',
      '@repo/embedded-mongo',
      '@repo/orders',
      '@repo/launcher',
    ]) {
      expect(expected.has(name), name).toBe(false);
    }
  });
});
