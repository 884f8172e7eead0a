import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LongestFirstSequencer from './vitest.sequencer.js';

// Projects that talk to MongoDB share one global setup: a real server when MONGODB_URI is set,
// otherwise an in-memory embedded server started once for the whole run. The path is absolute
// because each project resolves globalSetup against its own root.
const mongoGlobalSetup = fileURLToPath(
  new URL('./packages/embedded-mongo/src/testing/global-setup.ts', import.meta.url),
);

function project(
  dir: string,
  name: string,
  options: { mongo?: boolean; setup?: string } = {},
): TestProjectInlineConfiguration {
  const root = fileURLToPath(new URL(`./${dir}/`, import.meta.url));
  return {
    extends: true,
    test: {
      name,
      // Absolute, so `npm test -w <package>` (run from the package folder) finds the same files.
      root,
      include: ['test/**/*.test.ts'],
      globalSetup: [
        ...(options.mongo ? [mongoGlobalSetup] : []),
        ...(options.setup ? [`${root}${options.setup}`] : []),
      ],
    },
  };
}

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    environment: 'node',
    // Test files share each worker's module cache instead of importing Express, the driver and
    // the services again per file: on two cores that halves the run. Every file still builds
    // its own apps and uses its own database, and nothing here keeps state in a module.
    isolate: false,
    // More workers than cores: many files wait on child processes, sockets and timers rather than
    // the CPU. On two cores, 1 724 tests: 135 s with 2 workers, 106 s with 3, 99 s with 4.
    maxWorkers: 3,
    // The longest files first, so that no long file is left running alone at the end.
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      // The fixture services the tests run as child processes, bundled once per run.
      project('packages/common', 'common', { mongo: true, setup: 'test/bundle-fixtures.ts' }),
      project('packages/embedded-mongo', 'embedded-mongo', { mongo: true }),
      project('services/products', 'products', { mongo: true }),
      project('services/books', 'books'),
      project('services/orders', 'orders', { mongo: true }),
      project('services/tutorial', 'tutorial'),
      project('services/mini-store', 'mini-store', { mongo: true }),
      project('tools/bench', 'bench'),
      project('tools/launcher', 'launcher'),
      project('tools/deploy-check', 'deploy-check', { mongo: true }),
      project('tools/faults', 'faults'),
    ],
  },
});
