import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorkspaceCode, stopBundler } from '../bin/bundle.mjs';

describe('bundleWorkspaceCode', () => {
  let dir: string;
  let entry: string;
  let helper: string;
  let outdir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'launcher-bundle-'));
    entry = join(dir, 'main.ts');
    helper = join(dir, 'helper.ts');
    outdir = join(dir, 'out');
    await writeFile(helper, "export const greeting: string = 'first';\n");
    await writeFile(entry, "import { greeting } from './helper.js';\nconsole.log(greeting);\n");
  });

  afterAll(async () => {
    await stopBundler();
    await rm(dir, { recursive: true, force: true });
  });

  it('when nothing it was made from has changed, then the bundle is kept; when an imported file changes, it is made again', async () => {
    await bundleWorkspaceCode({ main: entry }, outdir);
    const bundle = join(outdir, 'main.mjs');
    expect(await readFile(bundle, 'utf8')).toContain('"first"');
    const made = (await stat(bundle)).mtimeMs;

    await bundleWorkspaceCode({ main: entry }, outdir);
    expect((await stat(bundle)).mtimeMs).toBe(made);

    await writeFile(helper, "export const greeting: string = 'second';\n");
    // A later modification time than the bundle's making, whatever the clock's resolution.
    const later = new Date(Date.now() + 5_000);
    await utimes(helper, later, later);
    await bundleWorkspaceCode({ main: entry }, outdir);
    expect(await readFile(bundle, 'utf8')).toContain('"second"');
  });
});
