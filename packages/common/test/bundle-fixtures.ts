import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
// The bundling `npm start` does for the services, so a fixture runs as a service would there.
import { bundleWorkspaceCode, stopBundler } from '../../../tools/launcher/bin/bundle.mjs';
import './fixture-bundles-context.js';

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
// Inside the package, so the bundles' imports resolve from node_modules as the sources' do;
// under dist/, which git, lint and formatting ignore.
const outputParent = fileURLToPath(new URL('../dist/', import.meta.url));

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
    // Stack traces name the TypeScript files (the children run with --enable-source-maps).
    await bundleWorkspaceCode(
      Object.fromEntries(sources.map((source) => [basename(source, '.ts'), source])),
      outdir,
    );
  } finally {
    await stopBundler();
  }
  provide(
    'fixtureBundles',
    Object.fromEntries(
      sources.map((source) => [source, join(outdir, basename(source, '.ts') + '.mjs')]),
    ),
  );
  return () => rm(outdir, { recursive: true, force: true });
}
