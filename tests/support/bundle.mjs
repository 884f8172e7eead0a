// Plain JavaScript, so that the vitest global setups of any package can import it as it is.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build, stop } from 'esbuild';

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
 * Bundles TypeScript entries (by output name) with the workspace code they import into ES modules
 * with source maps, in a fresh folder under `parentDir` (made if missing), then stops esbuild: how
 * a test run turns the TypeScript it starts as child processes into plain JavaScript once, instead
 * of paying for a TypeScript loader at every start. Runs side by side get folders of their own.
 * @param {Record<string, string>} entryPoints
 * @param {string} parentDir
 * @param {string} prefix
 * @returns {Promise<{ files: Record<string, string>, remove: () => Promise<void> }>}
 */
export async function bundleIntoFreshDir(entryPoints, parentDir, prefix) {
  await mkdir(parentDir, { recursive: true });
  const outdir = await mkdtemp(join(parentDir, prefix));
  try {
    await build({
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
      plugins: [onlyWorkspaceCode],
      logLevel: 'error',
    });
  } finally {
    await stop();
  }
  return {
    files: Object.fromEntries(
      Object.keys(entryPoints).map((name) => [name, join(outdir, `${name}.mjs`)]),
    ),
    remove: () => rm(outdir, { recursive: true, force: true }),
  };
}
