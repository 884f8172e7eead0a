import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
// Bundled once per run, so each of the fixture processes starts plain JavaScript.
import { bundleIntoFreshDir, OPENTELEMETRY_PACKAGES } from '../../../tests/support/bundle.mjs';
import './fixture-bundles-context.js';

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
// Inside the package, so the imports left outside the bundles resolve from node_modules as the
// sources' do; under dist/, which git, lint and formatting ignore.
const outputParent = fileURLToPath(new URL('../dist/', import.meta.url));
// What `@repo/common/tracing` (package.json `exports`) names: the entry given to `node --import`.
const tracingHook = fileURLToPath(new URL('../src/observability/tracing-hook.ts', import.meta.url));

/**
 * Vitest global setup of this package: bundles each fixture service (with the workspace code and
 * the npm packages it imports) once per run, so the tests start plain JavaScript, some thirty
 * times (what a start costs each way: `tests/support/bundle.mjs`).
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const sources = [
    ...(await readdir(fixturesDir))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(fixturesDir, name)),
    tracingHook,
  ];
  // With source maps, so that a child run with --enable-source-maps names the TypeScript files.
  const bundles = await bundleIntoFreshDir(
    Object.fromEntries(sources.map((source) => [basename(source, '.ts'), source])),
    outputParent,
    'test-fixtures-',
    // The tracing hook starts OpenTelemetry from node_modules, as in a service.
    OPENTELEMETRY_PACKAGES,
  );
  provide(
    'fixtureBundles',
    Object.fromEntries(
      sources.map((source) => [source, bundles.files[basename(source, '.ts')] ?? source]),
    ),
  );
  return bundles.remove;
}
