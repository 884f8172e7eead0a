// `npm run test:mongosh`: the mongosh smoke test (test/mongosh.smoke.ts) with a pinned mongosh
// installed once into a cache folder. mongosh is no dependency of the workspace: it would bring
// some 300 packages and several native install scripts into every `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const MONGOSH_VERSION = '2.12.0';

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const cacheRoot = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
const installDir = join(cacheRoot, 'node-services-monorepo', `mongosh-${MONGOSH_VERSION}`);
const cliOf = (dir) => join(dir, 'node_modules', 'mongosh', 'bin', 'mongosh.js');

function say(message) {
  process.stderr.write(`[test:mongosh] ${message}\n`);
}

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// Installed into a folder of its own and renamed into place only when complete, so an
// interrupted install is never taken for a finished one, and two runs at once do not collide.
function installMongosh() {
  const partial = `${installDir}.partial-${process.pid}`;
  mkdirSync(partial, { recursive: true });
  say(`installing mongosh ${MONGOSH_VERSION} into ${installDir}`);
  try {
    const status = run(
      'npm',
      [
        'install',
        '--prefix',
        partial,
        '--no-save',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        `mongosh@${MONGOSH_VERSION}`,
      ],
      { cwd: partial },
    );
    if (status !== 0)
      throw new Error(`npm install mongosh@${MONGOSH_VERSION} exited with ${status}`);
    if (!existsSync(cliOf(installDir))) {
      // A folder without mongosh in it is no install (for example one emptied by hand).
      rmSync(installDir, { recursive: true, force: true });
      renameSync(partial, installDir);
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

try {
  if (!existsSync(cliOf(installDir))) installMongosh();
} catch (error) {
  say(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
process.exitCode = run(
  process.execPath,
  [vitest, 'run', '--config', join(packageDir, 'vitest.mongosh.config.ts')],
  { env: { ...process.env, MONGOSH_CLI: cliOf(installDir) } },
);
