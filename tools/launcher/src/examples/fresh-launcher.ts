import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const READY = 'ready: every service answers GET /readyz with 200';

/** Variables of the caller's shell that would point `npm start` away from its defaults. */
const UNSET = [
  'MONGODB_URI',
  'NODE_ENV',
  'BOOKS_TOKEN',
  'ORDERS_CUSTOMER_TOKEN',
  'ORDERS_STAFF_TOKEN',
];

export interface FreshLauncher {
  /** Stops every service (SIGTERM, as Ctrl-C would) and removes the data folder. */
  stop: () => Promise<void>;
}

/**
 * `npm start` on its default ports with a new, empty data folder, resolved once every service is
 * ready: what a newcomer has after cloning. Fails with the launcher's output if it never gets there.
 */
export async function startFreshLauncher(root: string, timeoutMs = 90_000): Promise<FreshLauncher> {
  const dataDir = await mkdtemp(join(tmpdir(), 'examples-data-'));
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const name of UNSET) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('OTEL_')) delete env[name];
  const child = spawn('npm', ['start', '--', '--data-dir', dataDir], { cwd: root, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(READY)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not get ready:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { stop };
}
