import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A child process started by the bench: a service, a baseline or the database server. */
export interface BenchProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** When spawn() was called (performance.now()). */
  spawnedAt: number;
  logPath: string;
  /** Last part of stderr, for the message when the process dies. */
  stderrTail: () => string;
  exited: () => boolean;
}

export interface SpawnOptions {
  name: string;
  script: string;
  args?: string[];
  /** Options for node itself, before the script (for example --cpu-prof). */
  nodeArgs?: string[];
  env: Record<string, string>;
  port: number;
  /** Directory for the stdout file (request logs go there, as they would to a file in production). */
  logDir: string;
}

const STDERR_KEEP = 4096;

/** Starts `node <script>` with only the given environment (plus PATH), stdout to a file. */
export function spawnNode(options: SpawnOptions): BenchProcess {
  const logPath = join(options.logDir, `${options.name.replace(/[^\w.-]+/g, '_')}.log`);
  const out = openSync(logPath, 'w');
  const spawnedAt = performance.now();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])],
    {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
      stdio: ['ignore', out, 'pipe'],
    },
  );
  closeSync(out);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEEP);
  });
  let hasExited = false;
  child.once('exit', () => {
    hasExited = true;
  });
  if (child.pid === undefined)
    throw new Error(`${options.name}: could not start ${options.script}`);
  return {
    name: options.name,
    child,
    pid: child.pid,
    port: options.port,
    url: `http://127.0.0.1:${options.port}`,
    spawnedAt,
    logPath,
    stderrTail: () => stderr,
    exited: () => hasExited,
  };
}

function procStatusKiB(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return match?.[1] === undefined ? undefined : Number(match[1]);
  } catch {
    return undefined;
  }
}

/** Peak resident set size in bytes (VmHWM): the most memory the process has held at once. */
export function peakRss(pid: number): number | undefined {
  const kib = procStatusKiB(pid, 'VmHWM');
  return kib === undefined ? undefined : kib * 1024;
}

/** Current resident set size in bytes (VmRSS). */
export function currentRss(pid: number): number | undefined {
  const kib = procStatusKiB(pid, 'VmRSS');
  return kib === undefined ? undefined : kib * 1024;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ; 100 on Linux). */
const USER_HZ = 100;

/** CPU time (user + system, all threads) the process has used so far, in milliseconds. */
export function cpuTimeMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime + stime) ? ((utime + stime) * 1000) / USER_HZ : undefined;
  } catch {
    return undefined;
  }
}

/** Resets VmHWM to the current RSS (Linux: write 5 to clear_refs). False when not permitted. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Status code of one GET over a fresh connection, or undefined when nothing answered. */
export function probe(url: string, timeoutMs = 1_000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve(undefined));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

/**
 * Polls `path` every few milliseconds until `accept(status)`; returns the milliseconds since spawn.
 * Fails when the process exits first or the deadline passes.
 */
export async function waitUntilAnswering(
  proc: BenchProcess,
  path: string,
  accept: (status: number) => boolean,
  timeoutMs = 30_000,
): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (proc.exited())
      throw new Error(
        `${proc.name} exited before answering:\n${proc.stderrTail() || readLogTail(proc)}`,
      );
    const status = await probe(`${proc.url}${path}`, 500);
    if (status !== undefined && accept(status)) return performance.now() - proc.spawnedAt;
    await sleep(5);
  }
  throw new Error(
    `${proc.name} did not answer ${path} within ${timeoutMs} ms:\n${proc.stderrTail()}`,
  );
}

function readLogTail(proc: BenchProcess): string {
  try {
    return readFileSync(proc.logPath, 'utf8').slice(-STDERR_KEEP);
  } catch {
    return '';
  }
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`. Resolves once it has exited. */
export async function stopProcess(proc: BenchProcess, graceMs = 5_000): Promise<void> {
  if (proc.exited()) return;
  const exited = new Promise<void>((resolve) => proc.child.once('exit', () => resolve()));
  proc.child.kill('SIGTERM');
  const killer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killer);
}

/** Lines and bytes a stopped process wrote to stdout: proof that request logging was on. */
export function logVolume(proc: BenchProcess): { lines: number; bytes: number } {
  try {
    const bytes = statSync(proc.logPath).size;
    const text = readFileSync(proc.logPath);
    let lines = 0;
    for (const byte of text) if (byte === 0x0a) lines += 1;
    return { lines, bytes };
  } catch {
    return { lines: 0, bytes: 0 };
  }
}
