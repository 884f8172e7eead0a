import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@repo/launcher';
import type { BenchContext } from '../context.js';
import { processTree, type TreeProcess } from '../process-tree.js';
import { REPO_ROOT, SERVICES } from '../services.js';

export type LaunchMode = 'source' | 'compiled';

export interface LaunchMemoryResult {
  /** `npm start` as a user runs it (services from source under tsx), or with `-- --compiled`. */
  mode: LaunchMode;
  /** From spawning `npm start` to its "ready" line (every service answers /readyz 200). */
  readyMs: number;
  processes: TreeProcess[];
  totalRssBytes: number;
  totalPssBytes: number;
}

const READY_LINE = /^ready: every service answers/m;
const READY_TIMEOUT_MS = 120_000;
/** Long enough for start-up garbage to be collected and the services to sit idle. */
const SETTLE_MS = 2_000;

export type LaunchMemoryOutcome = LaunchMemoryResult | { mode: LaunchMode; skipped: string };

/**
 * Starts `npm start` (every service and the embedded database, on free ports and a scratch data
 * folder), waits for its ready line, lets it settle and sums what its whole process tree holds:
 * npm, the launcher with the embedded server, each service's node process and tsx's esbuild helpers.
 */
async function measureLaunch(ctx: BenchContext, mode: LaunchMode): Promise<LaunchMemoryResult> {
  const dataDir = mkdtempSync(join(ctx.scratchDir, 'launch-'));
  const args = ['start', '--', '--data-dir', dataDir, '--mongo-port', String(await freePort())];
  for (const service of SERVICES) args.push('--port', `${service.name}=${await freePort()}`);
  if (mode !== 'source') args.push(`--${mode}`);
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.MONGODB_URI;
  const startedAt = performance.now();
  // Its own process group, so one signal reaches npm, the launcher and every service.
  const child = spawn('npm', args, {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('npm start could not be spawned');
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output = (output + chunk).slice(-65_536);
  });
  child.stderr.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = startedAt + READY_TIMEOUT_MS;
    while (!READY_LINE.test(output)) {
      if (child.exitCode !== null) throw new Error(`npm start exited: ${output.slice(-500)}`);
      if (performance.now() > deadline) throw new Error('npm start was not ready within 120 s');
      await sleep(50);
    }
    const readyMs = performance.now() - startedAt;
    await sleep(SETTLE_MS);
    const processes = processTree(pid);
    return {
      mode,
      readyMs,
      processes,
      totalRssBytes: processes.reduce((sum, p) => sum + p.rssBytes, 0),
      totalPssBytes: processes.reduce((sum, p) => sum + p.pssBytes, 0),
    };
  } finally {
    process.kill(-pid, 'SIGINT');
    await Promise.race([exited, sleep(20_000)]);
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // The whole group has gone.
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What `npm start` holds in memory: from source and compiled. */
export async function runLaunchMemorySection(ctx: BenchContext): Promise<LaunchMemoryOutcome[]> {
  const results: LaunchMemoryOutcome[] = [];
  for (const mode of ['source', 'compiled'] as const) {
    ctx.note(`launch: npm start (${mode}) ...`);
    try {
      results.push(await measureLaunch(ctx, mode));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.note(`launch: npm start (${mode}) failed: ${message}`);
      results.push({ mode, skipped: `failed: ${message.split('\n')[0] ?? ''}` });
    }
  }
  return results;
}
