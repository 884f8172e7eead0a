import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port free a moment ago, for a process that cannot be told to pick one itself. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The rolling-restart configuration of docs/deployment.md, in front of `servers`: layer-7
 * retries on another server when a server's connection fails or closes without an answer, never
 * for a POST without an Idempotency-Key.
 */
export function haproxyConfig(port: number, servers: readonly number[]): string {
  return [
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    'frontend api',
    `  bind 127.0.0.1:${port}`,
    '  default_backend services',
    'backend services',
    '  balance roundrobin',
    '  http-request disable-l7-retry if METH_POST !{ req.hdr(idempotency-key) -m found }',
    ...servers.map((server, index) => `  server s${index} 127.0.0.1:${server}`),
    '',
  ].join('\n');
}

export interface RunningHaproxy {
  url: string;
  /** What HAProxy wrote to stderr, for a failure's message. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Debian's haproxy, in the foreground, with `config`; stopped (by its pid) with `stop`. */
export async function startHaproxy(configFor: (port: number) => string): Promise<RunningHaproxy> {
  const dir = await mkdtemp(join(tmpdir(), 'haproxy-'));
  const port = await freePort();
  const file = join(dir, 'haproxy.cfg');
  await writeFile(file, configFor(port));
  let output = '';
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // No haproxy on the machine (.ci/run installs Debian's): said in the start-up failure.
    child.once('error', (error) => {
      output += `${error.message}\n`;
      resolve();
    });
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await acceptsConnections(port))) {
    if (child.exitCode !== null || child.pid === undefined || Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not start:\n${output}`);
    }
    await sleep(50);
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
}

/**
 * A TCP proxy in front of `target` that lets each request through and resets the connection as
 * the answer starts to come back: an instance that did the work and went away before its answer
 * left, as in a rolling restart.
 */
export async function startResettingProxy(
  target: number,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    client.pipe(upstream);
    upstream.once('data', () => {
      client.resetAndDestroy();
      upstream.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
