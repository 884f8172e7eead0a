// Plain JavaScript on purpose: `npm start` runs this before any TypeScript loader exists.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

/** What a bundle was made from, kept beside it: `{ entryPoints, inputs, startedAt }`. */
const STAMP = 'bundle-inputs.json';
/** This file: a change to how bundles are made makes every bundle stale. */
const BUNDLER = fileURLToPath(import.meta.url);

/** Packages from node_modules are imported at run time as usual; the workspace's own TypeScript is bundled. */
const onlyWorkspaceCode = {
  name: 'only-workspace-code',
  /** @param {import('esbuild').PluginBuild} bundler */
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@repo/') ? undefined : { path, external: true },
    );
  },
};

/**
 * Whether `outdir` holds a bundle of these entries made after the last change to every file it
 * was made from (and to this bundler). A file that is gone, or a stamp that cannot be read,
 * counts as a change.
 * @param {Record<string, string>} entryPoints
 * @param {string} outdir
 * @returns {Promise<boolean>}
 */
async function isUpToDate(entryPoints, outdir) {
  try {
    const stamp = JSON.parse(await readFile(join(outdir, STAMP), 'utf8'));
    if (JSON.stringify(stamp.entryPoints) !== JSON.stringify(entryPoints)) return false;
    for (const file of [...stamp.inputs, BUNDLER]) {
      if ((await stat(file)).mtimeMs > stamp.startedAt) return false;
    }
    for (const name of Object.keys(entryPoints)) await stat(join(outdir, `${name}.mjs`));
    return true;
  } catch {
    return false;
  }
}

/**
 * Bundles TypeScript entries (by output name) into ES modules with source maps in `outdir`,
 * reading the workspace packages from source (the `development` condition). Modules imported
 * with `import()` become chunks of their own, so what they import loads only when they do. A
 * bundle whose sources have not changed since it was made is kept as it is: the next
 * `npm start` then spends no time on it.
 * @param {Record<string, string>} entryPoints
 * @param {string} outdir
 * @returns {Promise<void>}
 */
export async function bundleWorkspaceCode(entryPoints, outdir) {
  if (await isUpToDate(entryPoints, outdir)) return;
  // Taken before reading the sources, so an edit made while bundling counts as a change.
  const startedAt = Date.now();
  const { metafile } = await build({
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['development'],
    sourcemap: true,
    metafile: true,
    plugins: [onlyWorkspaceCode],
    logLevel: 'error',
  });
  // esbuild names the inputs relative to its working directory, the process's.
  const inputs = Object.keys(metafile.inputs).map((input) => resolve(input));
  await writeFile(join(outdir, STAMP), JSON.stringify({ entryPoints, inputs, startedAt }));
}

/** Ends esbuild's service process, which is needed only while bundling. */
export function stopBundler() {
  return stop();
}

/**
 * Bundles the entries into a fresh folder under `parentDir` (made if missing), then stops esbuild:
 * how a test run turns the TypeScript it starts as child processes into plain JavaScript once,
 * instead of paying for a TypeScript loader at every start. Runs side by side get folders of
 * their own.
 * @param {Record<string, string>} entryPoints
 * @param {string} parentDir
 * @param {string} prefix
 * @returns {Promise<{ files: Record<string, string>, remove: () => Promise<void> }>}
 */
export async function bundleIntoFreshDir(entryPoints, parentDir, prefix) {
  await mkdir(parentDir, { recursive: true });
  const outdir = await mkdtemp(join(parentDir, prefix));
  try {
    await bundleWorkspaceCode(entryPoints, outdir);
  } finally {
    await stopBundler();
  }
  return {
    files: Object.fromEntries(
      Object.keys(entryPoints).map((name) => [name, join(outdir, `${name}.mjs`)]),
    ),
    remove: () => rm(outdir, { recursive: true, force: true }),
  };
}
