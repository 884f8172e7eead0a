// `npm run lint:api`: Spectral with the repository's .spectral.yaml (spectral:oas and the OWASP
// API Security ruleset) over every services/*/openapi.json; exit 1 on any error. The pinned
// Spectral CLI and ruleset are installed once into a cache folder, not into the workspace: they
// would add some 180 packages to every `npm ci` (docs/testing.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const PACKAGES = ['@stoplight/spectral-cli@6.16.3', '@stoplight/spectral-owasp-ruleset@2.0.1'];

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cacheRoot = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
const installDir = join(
  cacheRoot,
  'node-services-monorepo',
  PACKAGES.map((spec) => spec.replace(/^@stoplight\//, '')).join('+'),
);
const modulesDir = join(installDir, 'node_modules');
const cli = join(modulesDir, '@stoplight', 'spectral-cli', 'dist', 'index.js');

function say(message) {
  process.stderr.write(`[lint:api] ${message}\n`);
}

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// Installed into a folder of its own and renamed into place only when complete, so an
// interrupted install is never taken for a finished one, and two runs at once do not collide.
function installSpectral() {
  const partial = `${installDir}.partial-${process.pid}`;
  mkdirSync(partial, { recursive: true });
  say(`installing ${PACKAGES.join(' ')} into ${installDir}`);
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
        ...PACKAGES,
      ],
      { cwd: partial },
    );
    if (status !== 0) throw new Error(`npm install exited with ${status}`);
    if (!existsSync(cli)) {
      rmSync(installDir, { recursive: true, force: true });
      renameSync(partial, installDir);
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

try {
  if (!existsSync(cli)) installSpectral();
} catch (error) {
  say(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const documents = readdirSync(join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => join('services', entry.name, 'openapi.json'))
  .filter((document) => existsSync(join(root, document)));
if (documents.length === 0) {
  say('no services/*/openapi.json found');
  process.exit(1);
}

// The ruleset names the OWASP package by its npm name; NODE_PATH lets Spectral find it in the
// cache folder.
process.exitCode = run(
  process.execPath,
  [cli, 'lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'error', ...documents],
  { cwd: root, env: { ...process.env, NODE_PATH: modulesDir } },
);
