import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject, type TestContext } from 'vitest';
import './fixture-bundles-context.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningChild {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first stdout line (parsed as JSON) that satisfies the predicate. */
  waitForLog: (
    predicate: (line: Record<string, unknown>) => boolean,
  ) => Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

function parseLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

interface RunOptions {
  /** Node options, given before the file. */
  nodeOptions?: readonly string[];
  /** A file descriptor to give the child as its standard output instead of a pipe to this process. */
  stdout?: number;
}

/**
 * Runs a fixture of test/fixtures in a child Node process from the bundle this package's global
 * setup built of it (its TypeScript with the workspace code and the npm packages it imports,
 * OpenTelemetry aside). Its stack traces name the TypeScript files only with
 * `--enable-source-maps` in `nodeOptions`, which a test that reads a stack gives: with the maps
 * of the packages bundled in, a fixture takes 0.70 s of CPU to listen instead of 0.33 s, and the
 * suite starts some thirty.
 */
export function runFixture(
  file: string,
  env: Record<string, string>,
  options: RunOptions = {},
): RunningChild {
  const { nodeOptions = [], stdout } = options;
  return runNode([...nodeOptions, bundleOf(file)], env, stdout);
}

/**
 * Hands `running` to one test (`context`): the process is killed when the test ends, and its
 * output is printed when the test fails. Through the test's own hooks, since a global hook cannot
 * tell apart tests that run side by side.
 */
export function ownedBy(context: TestContext, running: RunningChild): RunningChild {
  context.onTestFailed(() => {
    process.stderr.write(`${running.stdout()}\n${running.stderr()}\n`);
  });
  context.onTestFinished(() => {
    if (running.child.exitCode === null) running.child.kill('SIGKILL');
  });
  return running;
}

const SLOW_SERVICE = fileURLToPath(new URL('./fixtures/slow-service.ts', import.meta.url));

/**
 * The runner's fixture service (slow routes, a secret, a drain, deadlines from its variables) on
 * a free port, logging at info, with `env`.
 */
export function runSlowService(env: Record<string, string> = {}): RunningChild {
  return runFixture(SLOW_SERVICE, { PORT: '0', LOG_LEVEL: 'info', ...env });
}

/** The runner's fixture service with `env`, for the test `context` alone. */
export function startSlowService(
  context: TestContext,
  env: Record<string, string> = {},
): RunningChild {
  return ownedBy(context, runSlowService(env));
}

/** The bundle this package's global setup built of `file` (absolute or from the repository root). */
export function bundleOf(file: string): string {
  const bundle = inject('fixtureBundles')[resolvePath(repoRoot, file)];
  if (bundle === undefined) throw new Error(`no bundle was built of ${file}`);
  return bundle;
}

function runNode(
  args: readonly string[],
  env: Record<string, string>,
  stdout: number | 'pipe' = 'pipe',
): RunningChild {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  // 'close', not 'exit': at 'exit' the last output may still be in the pipes.
  const exited = once(child, 'close').then(([code]) => code as number | null);
  const waitForLog = (predicate: (line: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = parseLines(out).find(predicate);
        if (found) {
          child.stdout?.off('data', check);
          resolve(found);
        }
      };
      child.stdout?.on('data', check);
      void exited.then(() =>
        reject(new Error(`process exited before the log line appeared:\n${out}\n${err}`)),
      );
      check();
    });
  return { child, stdout: () => out, stderr: () => err, waitForLog, exited };
}
