import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `NATS_SERVER_PATH`, or where Debian's package puts it. */
const NATS_SERVER =
  process.env['NATS_SERVER_PATH'] ??
  ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((path) => existsSync(path)) ??
  '/usr/sbin/nats-server';
const START_WAIT_MS = 15_000;

/** A real `nats-server` with JetStream for one test file: stopped and started again at will. */
export interface TestNatsServer {
  /** `nats://127.0.0.1:<port>`: the same port across restarts, so clients reconnect to it. */
  readonly url: string;
  /** Where JetStream keeps its streams: kept across restarts, removed by `close`. */
  readonly storeDir: string;
  /** Stops it (SIGTERM, as an orchestrator does) and waits for its exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and store. */
  start(): Promise<void>;
  /** Stops it and removes its store. */
  close(): Promise<void>;
}

/** Resolves with the port once the server says it is ready; rejects when it exits first. */
function waitUntilReady(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    let port: number | undefined;
    const timer = setTimeout(
      () => reject(new Error(`nats-server did not start within ${START_WAIT_MS} ms:\n${output}`)),
      START_WAIT_MS,
    );
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
      port ??= Number(/client connections on \S*:(\d+)/.exec(output)?.[1] ?? Number.NaN);
      if (Number.isNaN(port)) port = undefined;
      if (port !== undefined && output.includes('Server is ready')) {
        clearTimeout(timer);
        resolve(port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`nats-server exited with ${code}:\n${output}`));
    });
  });
}

function spawnServer(port: number, storeDir: string): ChildProcess {
  return spawn(
    NATS_SERVER,
    ['--jetstream', '--store_dir', storeDir, '--addr', '127.0.0.1', '--port', String(port)],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

/**
 * Starts Debian's `nats-server` (installed by `.ci/run` when missing) with JetStream on a free
 * port of 127.0.0.1 and a temporary store. Fails at once, naming the install command, when the
 * machine has none.
 */
export async function startNatsServer(): Promise<TestNatsServer> {
  if (!existsSync(NATS_SERVER)) {
    throw new Error(`${NATS_SERVER} is missing: apt-get install -y nats-server`);
  }
  const storeDir = await mkdtemp(join(tmpdir(), 'nats-test-'));
  let child: ChildProcess | undefined = spawnServer(-1, storeDir);
  const port = await waitUntilReady(child);

  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  };
  return {
    url: `nats://127.0.0.1:${port}`,
    storeDir,
    stop,
    async start() {
      if (child !== undefined) return;
      child = spawnServer(port, storeDir);
      await waitUntilReady(child);
    },
    async close() {
      await stop();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}
