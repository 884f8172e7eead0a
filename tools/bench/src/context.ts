import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MongoClient } from 'mongodb';
import type { BaselineFramework } from './baseline-servers/index.js';
import type { BaselineKind } from './baselines/index.js';
import type { BenchOptions } from './options.js';
import { freePort } from '@repo/launcher';
import {
  logVolume,
  spawnNode,
  stopProcess,
  waitUntilAnswering,
  type BenchProcess,
} from './processes.js';
import { BENCH_DIST, serviceEnv, type ServiceInfo } from './services.js';

function profileArgs(dir: string | undefined): string[] {
  return dir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${dir}`];
}

/** Tracing started before the service loads, as `--import @repo/common/tracing` would (see traced-service.ts). */
function tracingArgs(traced: boolean): string[] {
  return traced ? ['--import', pathToFileURL(join(BENCH_DIST, 'traced-service.js')).href] : [];
}

/** What every section gets: the options, the database, a scratch directory and process tracking. */
export class BenchContext {
  private readonly running = new Set<BenchProcess>();
  private databases = 0;

  constructor(
    readonly options: BenchOptions,
    readonly mongoUri: string,
    readonly client: MongoClient,
    readonly scratchDir: string,
    /** The embedded database server's process, whose CPU time the embedded section reads. */
    readonly databasePid: number,
  ) {}

  /** Progress on stderr, so stdout holds only the tables. */
  note(message: string): void {
    process.stderr.write(`${message}\n`);
  }

  /** A database name not used before in this run. */
  freshDbName(label: string): string {
    this.databases += 1;
    return `bench_${label.replace(/\W+/g, '_')}_${this.databases}`;
  }

  async startService(
    service: ServiceInfo,
    dbName: string,
    profileDir?: string,
    traced = false,
  ): Promise<{ proc: BenchProcess; readyMs: number }> {
    const port = await freePort();
    const proc = spawnNode({
      name: `${service.label}-${port}`,
      script: service.entry,
      nodeArgs: [...profileArgs(profileDir), ...tracingArgs(traced)],
      env: serviceEnv(service, port, { uri: this.mongoUri, dbName }),
      port,
      logDir: this.scratchDir,
    });
    this.running.add(proc);
    const readyMs = await waitUntilAnswering(proc, '/readyz', (status) => status === 200);
    return { proc, readyMs };
  }

  async startBaseline(
    framework: BaselineFramework,
    kind: BaselineKind,
    dbName: string,
    fixture?: unknown,
    profileDir?: string,
  ): Promise<BenchProcess> {
    const port = await freePort();
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      PORT: String(port),
      MONGODB_URI: this.mongoUri,
      MONGODB_DB: dbName,
    };
    if (fixture !== undefined) env.BENCH_FIXTURE = JSON.stringify(fixture);
    const proc = spawnNode({
      name: `baseline-${framework}-${kind}-${port}`,
      script: join(BENCH_DIST, 'baseline.js'),
      nodeArgs: profileArgs(profileDir),
      args: [framework, kind],
      env,
      port,
      logDir: this.scratchDir,
    });
    this.running.add(proc);
    // A bare app has no probe route: any HTTP answer (its 404) means it listens.
    await waitUntilAnswering(proc, '/__bench_probe', () => true);
    return proc;
  }

  /** Stops the process and returns how much it logged; its log file is removed. */
  async stop(proc: BenchProcess): Promise<{ lines: number; bytes: number }> {
    await stopProcess(proc);
    this.running.delete(proc);
    const volume = logVolume(proc);
    rmSync(proc.logPath, { force: true });
    return volume;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running].map((proc) => this.stop(proc)));
  }
}
