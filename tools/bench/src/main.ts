import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import { BenchContext } from './context.js';
import { parseOptions, USAGE, UsageError, type BenchOptions } from './options.js';
import { freePort } from '@repo/launcher';
import { peakRss, spawnNode, stopProcess, type BenchProcess } from './processes.js';
import {
  checkTargets,
  compareHttpTable,
  frameworksTable,
  driverProfileNotes,
  embeddedTable,
  httpNotes,
  httpTable,
  idleStreamsTable,
  launchTable,
  memoryTable,
  profileNotes,
  startupTable,
  targetsTable,
} from './report.js';
import { drainTable, runDrainComparison } from './drain/drain-comparison.js';
import { runEmbeddedSection, type EmbeddedResult } from './sections/embedded.js';
import { runHttpSection, type RouteResult, type RouteSkip } from './sections/http-routes.js';
import { runIdleStreamsSection, type IdleStreamsResult } from './sections/idle-streams.js';
import { runLaunchMemorySection, type LaunchMemoryOutcome } from './sections/launch-memory.js';
import { runMemorySection, type MemoryResult } from './sections/memory.js';
import { runStartupSection, type StartupResult } from './sections/startup.js';
import { BENCH_DIST, REPO_ROOT, RESULTS_DIR } from './services.js';
import { formatMiB } from './table.js';

function out(text = ''): void {
  process.stdout.write(`${text}\n`);
}

async function startDatabase(
  options: BenchOptions,
  scratchDir: string,
): Promise<{ proc: BenchProcess; uri: string; client: MongoClient }> {
  const port = await freePort();
  const env: Record<string, string> = { PORT: String(port) };
  if (options.inMemory) env.IN_MEMORY = '1';
  else env.DB_PATH = join(scratchDir, 'mongo-data');
  const proc = spawnNode({
    name: 'embedded-mongo',
    script: join(BENCH_DIST, 'mongo-server.js'),
    env,
    port,
    logDir: scratchDir,
  });
  const uri = `mongodb://127.0.0.1:${port}/`;
  // Bounded wait: up to 100 connection attempts, 100 ms apart.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (proc.exited()) throw new Error(`embedded server exited:\n${proc.stderrTail()}`);
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500 });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      return { proc, uri, client };
    } catch {
      await client.close().catch(() => undefined);
      await sleep(100);
    }
  }
  await stopProcess(proc);
  throw new Error('the embedded server did not accept connections within 10 s');
}

interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memory: string;
  freeMemoryAtStart: string;
  node: string;
  platform: string;
}

function machine(): MachineInfo {
  const cpuList = cpus();
  return {
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model ?? 'unknown',
    memory: formatMiB(totalmem()),
    freeMemoryAtStart: formatMiB(freemem()),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

async function drainOnly(runs: number): Promise<void> {
  const logDir = mkdtempSync(join(tmpdir(), 'bench-drain-'));
  const loadAtStart = loadavg()[0] ?? Number.NaN;
  try {
    const results = await runDrainComparison(runs, logDir);
    out(
      `Drain, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, 1-minute load average ${loadAtStart.toFixed(1)} at start, ${(loadavg()[0] ?? Number.NaN).toFixed(1)} at end:`,
    );
    out(drainTable(results));
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const parsed = parseOptions(process.argv.slice(2));
  if (parsed === 'help') {
    out(USAGE);
    return;
  }
  const options = parsed;
  if (options.compareDir !== undefined && !existsSync(join(options.compareDir, 'services'))) {
    throw new UsageError(
      `--compare: ${options.compareDir} has no services/ folder; give another checkout of this repository`,
    );
  }
  if (options.drainRuns > 0) {
    await drainOnly(options.drainRuns);
    return;
  }
  const startedAt = new Date();
  const loadAtStart = loadavg()[0] ?? Number.NaN;
  const scratchDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const database = await startDatabase(options, scratchDir);
  const ctx = new BenchContext(
    options,
    database.uri,
    database.client,
    scratchDir,
    database.proc.pid,
  );
  const stopEverything = async (): Promise<void> => {
    await ctx.stopAll();
    await database.client.close().catch(() => undefined);
    await stopProcess(database.proc);
    rmSync(scratchDir, { recursive: true, force: true });
  };
  // Ctrl-C or a `kill`: the database, the services and the baselines go too, not left running.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      void stopEverything().finally(() => process.exit(code));
    });
  }

  let startup: StartupResult[] | undefined;
  let http: (RouteResult | RouteSkip)[] | undefined;
  let memory: MemoryResult | { skipped: string } | undefined;
  let streams: IdleStreamsResult | { skipped: string } | undefined;
  let embedded: EmbeddedResult | undefined;
  let launch: LaunchMemoryOutcome[] | undefined;
  let databasePeakRss: number | undefined;
  try {
    ctx.note(
      `bench: ${options.quick ? 'quick' : 'full'} run, sections ${options.sections.join(', ')}`,
    );
    if (options.sections.includes('startup')) startup = await runStartupSection(ctx);
    if (options.sections.includes('http')) http = await runHttpSection(ctx);
    if (options.sections.includes('memory')) memory = await runMemorySection(ctx);
    if (options.sections.includes('streams')) streams = await runIdleStreamsSection(ctx);
    if (options.sections.includes('embedded')) embedded = await runEmbeddedSection(ctx);
    if (options.sections.includes('launch')) launch = await runLaunchMemorySection(ctx);
    databasePeakRss = peakRss(database.proc.pid);
  } finally {
    await stopEverything();
  }

  const info = { ...machine(), loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg()[0] };
  const targets = checkTargets({ http, memory, embedded, startup, launch });
  out();
  out(
    `Benchmarks, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${info.cpus} × ${info.cpuModel}, ${info.memory}, Node ${process.version}; ` +
      `${options.quick ? 'quick run' : 'full run'}: ${options.rounds} interleaved rounds × ${options.durationSec} s, ${options.connections} connections, embedded server ${options.inMemory ? 'in memory' : 'on LMDB files'}.`,
  );
  out(
    `1-minute load average: ${loadAtStart.toFixed(1)} at start, ${(loadavg()[0] ?? Number.NaN).toFixed(1)} at end (other work on the machine skews every figure).`,
  );
  if (options.compareDir !== undefined) {
    out(`Compared: this = ${REPO_ROOT}, other = ${options.compareDir} (its compiled services).`);
  }
  if (http) {
    out();
    out(options.compareDir === undefined ? httpTable(http) : compareHttpTable(http));
    if (http.some((r) => !('skipped' in r) && r.frameworks !== undefined)) {
      out();
      out(frameworksTable(http));
    }
    for (const note of httpNotes(http)) out(`- ${note}`);
    if (options.profile) {
      out();
      out(profileNotes(http));
    }
  }
  if (memory) {
    out();
    out('skipped' in memory ? `GET /products memory: ${memory.skipped}` : memoryTable(memory));
  }
  if (streams) {
    out();
    out(
      'skipped' in streams ? `Idle event streams: ${streams.skipped}` : idleStreamsTable(streams),
    );
  }
  if (embedded) {
    out();
    out(embeddedTable(embedded));
    if (embedded.driverProfile !== undefined) {
      out();
      out(driverProfileNotes(embedded.driverProfile));
    }
  }
  if (startup) {
    out();
    out(startupTable(startup));
  }
  if (launch) {
    out();
    out(launchTable(launch));
  }
  out();
  out(`Embedded server process peak RSS: ${formatMiB(databasePeakRss)}`);
  out();
  out(targetsTable(targets));

  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const file = join(RESULTS_DIR, `bench-${stamp}${options.quick ? '-quick' : ''}.json`);
  const json = JSON.stringify(
    {
      startedAt: startedAt.toISOString(),
      machine: info,
      options,
      startup,
      http,
      memory,
      streams,
      embedded,
      launch,
      databasePeakRss,
      targets,
    },
    null,
    2,
  );
  writeFileSync(file, `${json}\n`);
  writeFileSync(join(RESULTS_DIR, 'latest.json'), `${json}\n`);
  out();
  out(`Results written to ${file}`);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
