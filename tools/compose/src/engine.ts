import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { aptInstall } from './apt.js';
import { onPath, run, runOk } from './command.js';
import { STATE_DIR } from './paths.js';

/** What compose:up started, so that compose:down stops that and nothing else. */
interface StartedEngine {
  by: 'dockerd' | 'systemd';
  /** The dockerd process, when started as one. */
  pid?: number;
}

const STARTED_FILE = join(STATE_DIR, 'engine-started.json');
const DOCKERD_LOG = join(STATE_DIR, 'dockerd.log');
const START_TIMEOUT_MS = 90_000;

async function engineVersion(): Promise<string | undefined> {
  const result = await run('docker', ['version', '--format', '{{.Server.Version}}'], {
    timeoutMs: 20_000,
  });
  return result.code === 0 ? result.stdout.trim() : undefined;
}

function readStarted(): StartedEngine | undefined {
  if (!existsSync(STARTED_FILE)) return undefined;
  return JSON.parse(readFileSync(STARTED_FILE, 'utf8')) as StartedEngine;
}

function isDockerd(pid: number): boolean {
  try {
    return readFileSync(`/proc/${String(pid)}/comm`, 'utf8').trim() === 'dockerd';
  } catch {
    return false;
  }
}

function logTail(): string {
  if (!existsSync(DOCKERD_LOG)) return '';
  return readFileSync(DOCKERD_LOG, 'utf8').trim().split('\n').slice(-10).join('\n');
}

/**
 * A Docker engine that answers: the one running, or one started here (systemd's docker unit where
 * systemd runs, else dockerd as a background process), after installing Debian's docker.io when
 * there is no dockerd. Throws, saying why, when none can be had.
 */
export async function ensureEngine(say: (line: string) => void): Promise<void> {
  const running = (await onPath('docker')) ? await engineVersion() : undefined;
  if (running !== undefined) {
    say(`Docker engine ${running} answers; using it`);
    return;
  }
  if (!(await onPath('dockerd')) || !(await onPath('docker'))) await aptInstall(['docker.io'], say);
  if (process.getuid?.() !== 0) {
    throw new Error('no Docker engine answers, and starting dockerd needs root');
  }
  mkdirSync(STATE_DIR, { recursive: true });
  let child: ReturnType<typeof spawn> | undefined;
  if (existsSync('/run/systemd/system')) {
    say('starting the docker unit (systemctl start docker)');
    await runOk('systemctl', ['start', 'docker']);
    writeFileSync(STARTED_FILE, JSON.stringify({ by: 'systemd' } satisfies StartedEngine));
  } else {
    say(`starting dockerd (log: ${DOCKERD_LOG})`);
    const log = openSync(DOCKERD_LOG, 'a');
    // Its own session, so it outlives this command; compose:down stops it by this pid.
    child = spawn('dockerd', [], { detached: true, stdio: ['ignore', log, log] });
    child.unref();
    if (child.pid === undefined) throw new Error('dockerd could not be started');
    writeFileSync(
      STARTED_FILE,
      JSON.stringify({ by: 'dockerd', pid: child.pid } satisfies StartedEngine),
    );
  }
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const version = await engineVersion();
    if (version !== undefined) {
      say(`Docker engine ${version} started`);
      return;
    }
    if (child?.exitCode !== null && child?.exitCode !== undefined) {
      rmSync(STARTED_FILE, { force: true });
      throw new Error(`dockerd exited with code ${String(child.exitCode)}:\n${logTail()}`);
    }
    await sleep(500);
  }
  throw new Error(
    `the Docker engine did not answer within ${String(START_TIMEOUT_MS / 1000)} s:\n${logTail()}`,
  );
}

/** Stops the engine if ensureEngine started it; says what it did. */
export async function stopEngineIfStarted(say: (line: string) => void): Promise<void> {
  const started = readStarted();
  if (started === undefined) {
    say('the Docker engine was not started by compose:up; left running');
    return;
  }
  if (started.by === 'systemd') {
    await runOk('systemctl', ['stop', 'docker.socket', 'docker']);
    say('docker unit stopped');
  } else if (started.pid !== undefined && isDockerd(started.pid)) {
    const pid = started.pid;
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 60_000;
    while (isDockerd(pid) && Date.now() < deadline) await sleep(250);
    if (isDockerd(pid)) throw new Error(`dockerd (pid ${String(pid)}) did not stop within 60 s`);
    say(`dockerd (pid ${String(pid)}) stopped`);
  } else {
    say('the dockerd that compose:up started is no longer running');
  }
  rmSync(STARTED_FILE, { force: true });
}

/** `docker compose` when the plugin is there, else `docker-compose` (Debian's, installed if absent). */
export async function composeCommand(say: (line: string) => void): Promise<readonly string[]> {
  if ((await run('docker', ['compose', 'version'])).code === 0) return ['docker', 'compose'];
  if (!(await onPath('docker-compose'))) await aptInstall(['docker-compose'], say);
  return ['docker-compose'];
}
