// `npm start`: the launcher's TypeScript is bundled, as each service's is, and run as plain
// JavaScript, so no TypeScript loader stays in the process (tsx costs about 35 MB and a loader
// thread). Run with `--conditions=development`, so workspace packages resolve to their source.
import { fileURLToPath } from 'node:url';
import { bundleWorkspaceCode, stopBundler } from './bundle.mjs';

const launcher = new URL('..', import.meta.url);
try {
  await bundleWorkspaceCode(
    { main: fileURLToPath(new URL('src/main.ts', launcher)) },
    fileURLToPath(new URL('.launch', launcher)),
  );
} finally {
  await stopBundler();
}
process.setSourceMapsEnabled(true);
await import(new URL('.launch/main.mjs', launcher).href);
