import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { readServiceRegistry } from './tools/launcher/src/registry.js';
import LongestFirstSequencer from './vitest.sequencer.js';

// Projects that talk to MongoDB share one global setup: a real server when MONGODB_URI is set,
// otherwise an in-memory embedded server started once for the whole run. The path is absolute
// because each project resolves globalSetup against its own root.
const mongoGlobalSetup = fileURLToPath(
  new URL('./packages/embedded-mongo/src/testing/global-setup.ts', import.meta.url),
);

interface PackageTests {
  /** The package's folder, relative to the repository root. */
  dir: string;
  /** Its project name (`npx vitest run --project <name>`). */
  name: string;
  /** Its tests talk to MongoDB. */
  mongo?: boolean;
  /** A global setup of its own, relative to the package. */
  setup?: string;
}

const PACKAGES: readonly PackageTests[] = [
  // The fixture services the tests run as child processes, bundled once per run.
  { dir: 'packages/common', name: 'common', mongo: true, setup: 'test/bundle-fixtures.ts' },
  // The server's CLI, which some tests start as a process, bundled once per run.
  {
    dir: 'packages/embedded-mongo',
    name: 'embedded-mongo',
    mongo: true,
    setup: 'test/bundle-cli.ts',
  },
  // Every service of services/registry.json, its project named after it.
  ...readServiceRegistry().map((service) => ({
    dir: service.dir,
    name: service.name,
    mongo: service.usesMongo,
  })),
  { dir: 'tools/bench', name: 'bench' },
  { dir: 'tools/launcher', name: 'launcher', mongo: true },
  { dir: 'tools/deploy-check', name: 'deploy-check', mongo: true },
  { dir: 'tools/faults', name: 'faults', mongo: true },
  // Only the pure parts; the container check itself is `npm run test:compose`.
  { dir: 'tools/compose', name: 'compose' },
  { dir: 'tools/new-service', name: 'new-service' },
];

function absolute(path: string): string {
  return fileURLToPath(new URL(`./${path}`, import.meta.url));
}

function globalSetupOf(packages: readonly PackageTests[]): string[] {
  return [
    ...(packages.some((pkg) => pkg.mongo === true) ? [mongoGlobalSetup] : []),
    ...packages.flatMap((pkg) => (pkg.setup ? [absolute(`${pkg.dir}/${pkg.setup}`)] : [])),
  ];
}

/** One package's tests, for `npx vitest run --project <name>` and `npm test -w <package>`. */
function packageProject(pkg: PackageTests): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: pkg.name,
      // Absolute, so `npm test -w <package>` (run from the package folder) finds the same files.
      root: absolute(`${pkg.dir}/`),
      include: ['test/**/*.test.ts'],
      globalSetup: globalSetupOf([pkg]),
    },
  };
}

/** End-to-end tests: the whole system as a person runs it (`npm start`), about 20 s of CPU. */
const END_TO_END = '**/*.e2e.test.ts';
/**
 * Tests against a real nats-server (`npm run test:nats`): one of them waits out a 10 s outage of
 * the broker, so they are not part of `npm test` (docs/testing.md).
 */
const WITH_NATS = '**/*.nats.test.ts';

/**
 * Every package's tests as one project, which `npm test` runs: vitest gives each project workers
 * of its own, so with a project per package some thirty workers each imported vitest, Express and
 * the driver again; as one project a few workers (`maxWorkers`) serve every file. The end-to-end
 * tests are `npm run test:e2e` (the project `e2e`); a package's own project runs them with the
 * rest.
 */
function wholeSuite(): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: 'all',
      root: absolute(''),
      include: PACKAGES.map((pkg) => `${pkg.dir}/test/**/*.test.ts`),
      exclude: [...configDefaults.exclude, END_TO_END, WITH_NATS],
      globalSetup: globalSetupOf(PACKAGES),
    },
  };
}

/** The files of every package that match `files`, as one project of their own. */
function filesProject(
  name: string,
  files: string,
  globalSetup: string[] = [],
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      root: absolute(''),
      include: PACKAGES.map((pkg) => `${pkg.dir}/test/${files}`),
      globalSetup,
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
    // Worker threads rather than forked processes: a thread starts without booting a process and
    // the suite spends about 15% less CPU (1 740 tests on two cores, back to back: 82 s with
    // forks, 73 s with threads). No test needs a process of its own: those that stop, signal or
    // crash something start a child process for it.
    pool: 'threads',
    // One worker per core and one more. A file that mostly waits (on child processes, timers, a
    // monitor's passes) holds its worker: with a worker per core, such files left the cores idle
    // for a fifth of the run. Each worker also pays for its own imports and JIT warm-up, so more
    // workers cost more than they save. docs/performance.md ("The test suite") has the figures.
    maxWorkers: availableParallelism() + 1,
    // The longest files first, so that no long file is left running alone at the end.
    sequence: { sequencer: LongestFirstSequencer },
    // Transformed modules kept in node_modules/.experimental-vitest-cache between runs (keyed by
    // content; vitest 5 does this by default), so a run after the first skips most transforms.
    experimental: { fsModuleCache: true },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      wholeSuite(),
      filesProject('e2e', END_TO_END),
      // The broker's tests run services on the embedded server, not the bundled fixtures.
      filesProject('nats', WITH_NATS, [mongoGlobalSetup]),
      ...PACKAGES.map(packageProject),
    ],
  },
});
