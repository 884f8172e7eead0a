// Tools that only some commands need (Spectral, mongosh, the bench's @godaddy/terminus) are no
// dependency of the workspace, which would put them into every `npm ci`; each is installed once,
// at pinned versions, into a folder of its own under the user's cache.
//
// As a module: `cachedInstall({ name, packages, marker })` returns that folder, installing first
// when `marker` (a path inside it) is missing. As a command:
// `node scripts/cached-install.mjs <name> <marker> <package@version>...` prints the folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

/**
 * @param {{ name: string, packages: string[], marker: string }} options
 * @returns {string} the folder holding `node_modules`
 */
export function cachedInstall({ name, packages, marker }) {
  const cacheRoot = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const installDir = join(cacheRoot, 'node-services-monorepo', name);
  if (existsSync(join(installDir, marker))) return installDir;
  // Installed into a folder of its own and renamed into place only when complete, so an
  // interrupted install is never taken for a finished one, and two runs at once do not collide.
  const partial = `${installDir}.partial-${process.pid}`;
  mkdirSync(partial, { recursive: true });
  process.stderr.write(`installing ${packages.join(' ')} into ${installDir}\n`);
  try {
    const args = ['install', '--prefix', partial, '--no-save', '--ignore-scripts'];
    const result = spawnSync('npm', [...args, '--no-audit', '--no-fund', ...packages], {
      cwd: partial,
      // npm's report goes to stderr: stdout carries only the folder, for the command form.
      stdio: ['ignore', 2, 2],
    });
    if (result.error) throw result.error;
    if (result.status !== 0) throw new Error(`npm install exited with ${result.status}`);
    if (!existsSync(join(installDir, marker))) {
      // A folder without the marker in it is no install (for example one emptied by hand).
      rmSync(installDir, { recursive: true, force: true });
      renameSync(partial, installDir);
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return installDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [name, marker, ...packages] = process.argv.slice(2);
  if (name === undefined || marker === undefined || packages.length === 0) {
    process.stderr.write('usage: cached-install.mjs <name> <marker> <package@version>...\n');
    process.exit(2);
  }
  try {
    process.stdout.write(`${cachedInstall({ name, packages, marker })}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
