import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:browser`: the docs pages and the orders pages in headless Chromium. Its own configuration, so that
// `npm test` (vitest.config.ts) runs without a browser on the machine.
const mongoGlobalSetup = fileURLToPath(
  new URL('./packages/embedded-mongo/src/testing/global-setup.ts', import.meta.url),
);
const findChromium = fileURLToPath(new URL('./tests/browser/find-chromium.ts', import.meta.url));

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    name: 'browser',
    environment: 'node',
    root: fileURLToPath(new URL('./tests/browser/', import.meta.url)),
    include: ['**/*.browser.test.ts'],
    // The browser first: without one, nothing else starts.
    globalSetup: [findChromium, mongoGlobalSetup],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
