import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const ENTRIES = {
  common: 'packages/common/src/index.ts',
  commonMongo: 'packages/common/src/mongo/index.ts',
  books: 'services/books/src/main.ts',
  tutorial: 'services/tutorial/src/main.ts',
};

/** Leaves every npm package unread (the workspace's own are followed), so a build takes little. */
const npmPackagesAsExternal: Plugin = {
  name: 'npm-packages-as-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@repo/') ? undefined : { path, external: true },
    );
  },
};

/**
 * The npm packages that the workspace modules reached from each entry import, following every
 * import as a bundler does (dynamic ones too; type-only ones load nothing and are left out).
 */
async function packagesImported(): Promise<Record<keyof typeof ENTRIES, Set<string>>> {
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: 'unwritten',
    write: false,
    bundle: true,
    metafile: true,
    platform: 'node',
    format: 'esm',
    conditions: ['development'],
    plugins: [npmPackagesAsExternal],
    logLevel: 'silent',
  });
  const imported = new Map<string, Set<string>>();
  for (const output of Object.values(metafile.outputs)) {
    if (output.entryPoint === undefined) continue;
    const packages = Object.keys(output.inputs).flatMap((input) =>
      (metafile.inputs[input]?.imports ?? [])
        .filter((each) => each.external === true && !each.path.startsWith('node:'))
        .map((each) => /^(?:@[^/]+\/)?[^/]+/.exec(each.path)?.[0] ?? each.path),
    );
    imported.set(output.entryPoint, new Set(packages));
  }
  const of = (entry: string): Set<string> => imported.get(entry) ?? new Set(['(not built)']);
  return {
    common: of(ENTRIES.common),
    commonMongo: of(ENTRIES.commonMongo),
    books: of(ENTRIES.books),
    tutorial: of(ENTRIES.tutorial),
  };
}

describe('the MongoDB driver is loaded only by what needs it', () => {
  it('when a service imports @repo/common, then the driver is not among the packages its modules import; @repo/common/mongo imports it, and books (in memory) and the tutorial (no storage) never do', async () => {
    const imported = await packagesImported();

    expect(imported.commonMongo.has('mongodb')).toBe(true);
    expect(imported.common.has('express')).toBe(true);
    expect(imported.common.has('mongodb')).toBe(false);
    expect(imported.books.has('mongodb')).toBe(false);
    expect(imported.tutorial.has('mongodb')).toBe(false);
  });
});
