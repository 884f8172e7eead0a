import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';
import './fixture-bundles-context.js';

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
// Inside the package, so the bundles' imports resolve from node_modules as the sources' do;
// under dist/, which git, lint and formatting ignore.
const outputParent = fileURLToPath(new URL('../dist/', import.meta.url));

/** Packages from node_modules are imported at run time as usual; the workspace's own code is bundled. */
const onlyWorkspaceCode: Plugin = {
  name: 'only-workspace-code',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@repo/') ? undefined : { path, external: true },
    );
  },
};

/**
 * Vitest global setup of this package: bundles each fixture service (with the workspace code it
 * imports, as `npm start` bundles the services) once per run, so the tests start plain JavaScript.
 * Started through tsx a fixture took about 0.6 s and 0.9 s of CPU before it listened, bundled
 * about 0.35 s and 0.45 s, and the tests start some thirty of them. Each run has its own folder,
 * so runs side by side do not share bundles.
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  await mkdir(outputParent, { recursive: true });
  const outdir = await mkdtemp(join(outputParent, 'test-fixtures-'));
  const sources = (await readdir(fixturesDir))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(fixturesDir, name));
  try {
    await build({
      entryPoints: sources,
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['development'],
      // Stack traces name the TypeScript files (the children run with --enable-source-maps).
      sourcemap: true,
      plugins: [onlyWorkspaceCode],
      logLevel: 'error',
    });
  } finally {
    // esbuild's service process is needed only while bundling.
    await stop();
  }
  provide(
    'fixtureBundles',
    Object.fromEntries(
      sources.map((source) => [source, join(outdir, basename(source, '.ts') + '.mjs')]),
    ),
  );
  return () => rm(outdir, { recursive: true, force: true });
}
