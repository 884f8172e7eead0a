// Plain JavaScript on purpose: `npm start` runs this before any TypeScript loader exists.
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
 * Bundles TypeScript entries (by output name) into ES modules with source maps in `outdir`,
 * reading the workspace packages from source (the `development` condition). Modules imported
 * with `import()` become chunks of their own, so what they import loads only when they do.
 * @param {Record<string, string>} entryPoints
 * @param {string} outdir
 * @returns {Promise<void>}
 */
export async function bundleWorkspaceCode(entryPoints, outdir) {
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
