import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { SECRETS } from '../src/services.js';

export const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** What the launcher prints once every service is ready. */
export const READY = 'ready: every service answers GET /readyz with 200';

/** The environment of a developer's shell, minus anything that would point the launcher elsewhere. */
export function launcherEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const name of ['MONGODB_URI', 'NODE_ENV', ...SECRETS.map((secret) => secret.variable)]) {
    delete env[name];
  }
  return env;
}

/** The launcher's options for a data folder, the embedded database's port and each service's. */
export function placeArgs(
  dataDir: string,
  ports: Readonly<Record<string, number>>,
  mongo?: number,
): string[] {
  return [
    '--data-dir',
    dataDir,
    ...(mongo === undefined ? [] : ['--mongo-port', String(mongo)]),
    ...Object.entries(ports).flatMap(([service, port]) => ['--port', `${service}=${port}`]),
  ];
}

export interface LauncherRun {
  child: ChildProcess;
  /** Everything written so far to stdout and stderr. */
  output: () => string;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
}

/** Runs `npm start -- <args>` from the repository root, as a person would. */
export function startLauncher(args: readonly string[], env: NodeJS.ProcessEnv): LauncherRun {
  const child = spawn('npm', ['start', '--', ...args], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return { child, output: () => text, exited };
}

/** Waits until the output contains `text`; fails with the output so far when it never comes. */
export async function waitForOutput(
  run: LauncherRun,
  text: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: number | string | undefined;
  void run.exited.then((code) => (exitedWith = code));
  while (!run.output().includes(text)) {
    if (exitedWith !== undefined || Date.now() > deadline) {
      const why = exitedWith !== undefined ? `exited with ${exitedWith}` : `timed out`;
      throw new Error(
        `launcher ${why} before printing "${text}". Output:\n${run.output().slice(-6000)}`,
      );
    }
    await sleep(100);
  }
}

/** Waits for exit, failing with the output when it takes longer than `timeoutMs`. */
export async function waitForExit(run: LauncherRun, timeoutMs: number): Promise<number | string> {
  const timeout = sleep(timeoutMs).then(() => 'still running' as const);
  const result = await Promise.race([run.exited, timeout]);
  if (result === 'still running') {
    throw new Error(
      `launcher still running after ${timeoutMs} ms. Output:\n${run.output().slice(-6000)}`,
    );
  }
  return result;
}

export interface ProcessInfo {
  pid: number;
  command: string;
}

/** Every process below `pid`, found through the parent links `ps` reports. */
export function descendantsOf(pid: number): ProcessInfo[] {
  const table = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  const children = new Map<number, ProcessInfo[]>();
  for (const line of table.split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(\S.*)?$/.exec(line);
    if (!match) continue;
    const parent = Number(match[2]);
    const info = { pid: Number(match[1]), command: match[3] ?? '' };
    children.set(parent, [...(children.get(parent) ?? []), info]);
  }
  const found: ProcessInfo[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    for (const child of children.get(next) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** The processes of `list` still running (a zombie awaiting its reaper counts as gone). */
export function stillRunning(list: readonly ProcessInfo[]): ProcessInfo[] {
  if (list.length === 0) return [];
  const table = execFileSync('ps', ['-A', '-o', 'pid=,stat='], { encoding: 'utf8' });
  const running = new Set<number>();
  for (const line of table.split('\n')) {
    const match = /^\s*(\d+)\s+(\S+)/.exec(line);
    if (match && !match[2]?.startsWith('Z')) running.add(Number(match[1]));
  }
  return list.filter((info) => running.has(info.pid));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** True when nothing listens on the port (a listen on every interface succeeds). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Distinct free ports, all held open together while they are picked so none repeats. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen({ port: 0 }, () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
