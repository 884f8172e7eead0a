import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startKeepAliveLoad, type LoadResult } from '@repo/common/testing';
import { freePort } from '@repo/launcher';
import { spawnNode, stopProcess } from '../processes.js';
import { BENCH_DIST, REPO_ROOT } from '../services.js';
import { renderTable } from '../table.js';

/**
 * The peer measured against: no dependency of the workspace, installed once into a cache folder
 * (stoppable 1.1.0 comes with it).
 */
const TERMINUS_VERSION = '4.12.1';
const TERMINUS = `@godaddy/terminus@${TERMINUS_VERSION}`;
const SIDES = ['ours', 'node', 'terminus'] as const;
type Side = (typeof SIDES)[number];
const SIDE_LABELS: Record<Side, string> = {
  ours: "ours (runService's drain)",
  node: "Node's server.close()",
  terminus: `@godaddy/terminus ${TERMINUS_VERSION} (stoppable)`,
};
const CLIENTS = 32;
const LOAD_BEFORE_STOP_MS = 1_000;

export interface DrainRun {
  side: Side;
  run: number;
  result: LoadResult;
}

/** The folder holding terminus, installed first when missing (scripts/cached-install.mjs). */
function installTerminus(): string {
  const marker = join('node_modules', '@godaddy', 'terminus', 'package.json');
  const name = `godaddy-terminus-${TERMINUS_VERSION}`;
  const script = join(REPO_ROOT, 'scripts', 'cached-install.mjs');
  const install = spawnSync(process.execPath, [script, name, marker, TERMINUS], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`installing ${TERMINUS} failed`);
  return install.stdout.trim();
}

async function waitReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ok = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} did not become ready within 10 s`);
}

async function measure(
  side: Side,
  run: number,
  terminusDir: string,
  logDir: string,
): Promise<DrainRun> {
  const port = await freePort();
  const proc = spawnNode({
    name: `drain-${side}-${run}`,
    script: join(BENCH_DIST, 'drain', 'drain-server.js'),
    env: { PORT: String(port), DRAIN_MODE: side, TERMINUS_DIR: terminusDir },
    port,
    logDir,
  });
  try {
    await waitReady(proc.url);
    // Clients that talk to the process directly: each keeps looping until refused.
    const load = startKeepAliveLoad({
      url: proc.url,
      connections: CLIENTS,
      next: () => ({ method: 'GET', path: '/' }),
      hungAfterMs: 5_000,
    });
    await sleep(LOAD_BEFORE_STOP_MS);
    const exited = new Promise((resolve) => proc.child.once('exit', resolve));
    proc.child.kill('SIGTERM');
    const result = await load.done;
    // Its own stop ends the process; a second signal would cut our drain short.
    await Promise.race([exited, sleep(15_000)]);
    return { side, run, result };
  } finally {
    await stopProcess(proc);
  }
}

/**
 * `npm run bench -- --drain`: 32 keep-alive clients loop GETs against a minimal app; readiness
 * fails, the server is closed 300 ms later, and every request sent is accounted for, for our
 * drain, Node's `server.close()` and @godaddy/terminus, each `runs` times in turn.
 */
export async function runDrainComparison(runs: number, logDir: string): Promise<DrainRun[]> {
  const terminusDir = installTerminus();
  const results: DrainRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    for (const side of SIDES) results.push(await measure(side, run, terminusDir, logDir));
  }
  return results;
}

export function drainTable(results: readonly DrainRun[]): string {
  const count = (header: string, cell: (result: LoadResult) => number) => ({
    header,
    align: 'right' as const,
    cell: (row: DrainRun) => String(cell(row.result)),
  });
  return renderTable(
    [
      { header: 'side', cell: (row: DrainRun) => SIDE_LABELS[row.side] },
      { header: 'run', align: 'right', cell: (row: DrainRun) => String(row.run) },
      count('sent', (r) => r.sent),
      count('answered', (r) => r.answered),
      count('lost on a kept-alive connection', (r) => r.droppedKeptAlive),
      count('lost on a new connection', (r) => r.dropped - r.droppedKeptAlive),
      count('hung', (r) => r.hung),
      count('refused', (r) => r.refused),
    ],
    results,
  );
}
