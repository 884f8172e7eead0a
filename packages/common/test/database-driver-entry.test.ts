import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const ENTRIES = {
  common: 'packages/common/src/index.ts',
  commonMongo: 'packages/common/src/mongo/index.ts',
  books: 'services/books/src/main.ts',
  tutorial: 'services/tutorial/src/main.ts',
};

/**
 * The npm packages each entry's module graph holds, every import followed as a bundler follows
 * it (dynamic ones too): what starting from that entry can load.
 */
async function packagesReached(): Promise<Record<keyof typeof ENTRIES, Set<string>>> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: 'unwritten',
    write: false,
    bundle: true,
    metafile: true,
    platform: 'node',
    format: 'esm',
    conditions: ['development'],
    logLevel: 'silent',
  });
  const reached = new Map<string, Set<string>>();
  for (const output of Object.values(result.metafile.outputs)) {
    if (output.entryPoint === undefined) continue;
    const packages = Object.keys(output.inputs).flatMap((path) => {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
      return name === undefined ? [] : [name];
    });
    reached.set(relative('.', output.entryPoint), new Set(packages));
  }
  const of = (entry: string): Set<string> => reached.get(entry) ?? new Set(['(not built)']);
  return {
    common: of(ENTRIES.common),
    commonMongo: of(ENTRIES.commonMongo),
    books: of(ENTRIES.books),
    tutorial: of(ENTRIES.tutorial),
  };
}

describe('the MongoDB driver is loaded only by what needs it', () => {
  it('when a service imports @repo/common, then the driver is not among what it loads; @repo/common/mongo loads it, and books (in memory) and the tutorial (no storage) never do', async () => {
    const reached = await packagesReached();

    expect(reached.commonMongo.has('mongodb')).toBe(true);
    expect(reached.common.has('express')).toBe(true);
    expect(reached.common.has('mongodb')).toBe(false);
    expect(reached.books.has('mongodb')).toBe(false);
    expect(reached.tutorial.has('mongodb')).toBe(false);
  });
});
