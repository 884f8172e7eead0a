import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Projects that talk to MongoDB share one global setup: a real server when MONGODB_URI is set,
// otherwise an in-memory embedded server started once for the whole run.
const mongoGlobalSetup = './packages/embedded-mongo/src/testing/global-setup.ts';

function project(
  dir: string,
  name: string,
  options: { mongo?: boolean } = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      root: dir,
      include: ['test/**/*.test.ts'],
      globalSetup: options.mongo ? [mongoGlobalSetup] : [],
    },
  };
}

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      project('packages/common', 'common'),
      project('packages/embedded-mongo', 'embedded-mongo'),
      project('services/products', 'products', { mongo: true }),
      project('services/books', 'books'),
      project('services/orders', 'orders', { mongo: true }),
      project('services/tutorial', 'tutorial'),
      project('services/mini-store', 'mini-store', { mongo: true }),
      project('tools/bench', 'bench'),
    ],
  },
});
