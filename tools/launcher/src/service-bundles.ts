import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkspaceCode, stopBundler } from '../bin/bundle.mjs';

/** Where a service's bundle goes, inside its own folder so that its imports resolve as from `src/`. */
const BUNDLE_DIR = '.launch';

export interface ServiceBundle {
  /** The bundled `src/main.ts`. */
  main: string;
  /** The bundled OpenTelemetry set-up, loaded before `main` when traces are on. */
  tracing: string | undefined;
}

/**
 * Turns each service's TypeScript, with the workspace packages it imports, into ES modules (with
 * source maps), so that the service threads need no TypeScript loader of their own: one per
 * thread would cost a loader thread and about 35 MB each. Bundling all five takes esbuild a few
 * hundred milliseconds.
 */
export async function bundleServices(
  serviceDirs: readonly string[],
  traced: boolean,
): Promise<ServiceBundle[]> {
  const tracingSource = traced
    ? fileURLToPath(import.meta.resolve('@repo/common/tracing'))
    : undefined;
  try {
    return await Promise.all(
      serviceDirs.map(async (dir) => {
        const outdir = join(dir, BUNDLE_DIR);
        await bundleWorkspaceCode(
          {
            main: join(dir, 'src', 'main.ts'),
            ...(tracingSource === undefined ? {} : { tracing: tracingSource }),
          },
          outdir,
        );
        return {
          main: join(outdir, 'main.mjs'),
          tracing: tracingSource === undefined ? undefined : join(outdir, 'tracing.mjs'),
        };
      }),
    );
  } finally {
    await stopBundler();
  }
}
