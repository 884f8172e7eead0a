import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { bundleIntoFreshDir } from '../../../tests/support/bundle.mjs';
import './cli-bundle-context.js';

const CLI_SOURCE = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const LOCK_CLAIMER_SOURCE = fileURLToPath(new URL('./lock-claimer.ts', import.meta.url));
// Inside the package, so the imports left outside the bundle resolve from node_modules as the
// sources' do; under dist/, which git, lint and formatting ignore.
const outputParent = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * Vitest global setup of this package: bundles the server's CLI once per run, so the tests that
 * start it as a process (persistence, signals, exit codes; about fifteen starts) run plain
 * JavaScript instead of loading tsx each time.
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  // lmdb loads a native addon, which it finds beside its own files.
  const bundles = await bundleIntoFreshDir(
    { cli: CLI_SOURCE, 'lock-claimer': LOCK_CLAIMER_SOURCE },
    outputParent,
    'test-cli-',
    ['lmdb'],
  );
  const bundle = bundles.files['cli'];
  provide('cliBundle', bundle ?? CLI_SOURCE);
  provide('lockClaimerBundle', bundles.files['lock-claimer'] ?? LOCK_CLAIMER_SOURCE);
  return bundles.remove;
}
