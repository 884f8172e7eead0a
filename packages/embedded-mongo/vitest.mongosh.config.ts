import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The mongosh smoke test alone (`npm run test:mongosh`): its file name is outside the root
// config's `test/**/*.test.ts`, so `npm test` never needs mongosh.
export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    name: 'embedded-mongo-mongosh',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.smoke.ts'],
    environment: 'node',
    hookTimeout: 30_000,
    globalSetup: ['src/testing/global-setup.ts'],
  },
});
