// `npm run test:mongosh`: the mongosh smoke test (test/mongosh.smoke.ts) with a pinned mongosh
// installed once into a cache folder. mongosh is no dependency of the workspace: it would bring
// some 300 packages and several native install scripts into every `npm ci`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { cachedInstall } from '../../../scripts/cached-install.mjs';

const MONGOSH_VERSION = '2.12.0';
const CLI = join('node_modules', 'mongosh', 'bin', 'mongosh.js');

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));

let installDir;
try {
  installDir = cachedInstall({
    name: `mongosh-${MONGOSH_VERSION}`,
    packages: [`mongosh@${MONGOSH_VERSION}`],
    marker: CLI,
  });
} catch (error) {
  process.stderr.write(
    `[test:mongosh] ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}

const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const tests = spawnSync(
  process.execPath,
  [vitest, 'run', '--config', join(packageDir, 'vitest.mongosh.config.ts')],
  { stdio: 'inherit', env: { ...process.env, MONGOSH_CLI: join(installDir, CLI) } },
);
if (tests.error) throw tests.error;
process.exitCode = tests.status ?? 1;
