import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:balancer`: Debian's haproxy in front of two products instances. Its own
// configuration, so that `npm test` runs without haproxy on the machine (.ci/run installs it).
const mongoGlobalSetup = fileURLToPath(
  new URL('./packages/embedded-mongo/src/testing/global-setup.ts', import.meta.url),
);

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    name: 'balancer',
    environment: 'node',
    root: fileURLToPath(new URL('./tests/balancer/', import.meta.url)),
    include: ['**/*.balancer.test.ts'],
    globalSetup: [mongoGlobalSetup],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
