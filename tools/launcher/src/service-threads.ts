import { Worker } from 'node:worker_threads';
import { copyLabelledLines, labelFor } from './labelled-lines.js';
import type { RunningServices, ServiceExit } from './running-services.js';

export interface ServiceThreadInput {
  name: string;
  /** The service's entry module (a bundle of its source, or its compiled `dist/main.js`). */
  entry: string;
  /** Modules loaded before the entry, resolved as from the entry (OpenTelemetry's set-up). */
  preload: readonly string[];
  /** The service's own variables, over the launcher's environment. */
  env: Record<string, string>;
  /** The entry is a bundle with source maps: stack traces should name the TypeScript lines. */
  sourceMaps: boolean;
}

/**
 * V8's young generation per thread: its default (16 MB semi-spaces) is sized for throughput and,
 * once touched, is held by each of five mostly idle threads; 8 MB saves about 30 MB in all.
 */
const YOUNG_GENERATION_MB = 8;

/** What each thread runs before the service's entry (a script, so that it needs no build). */
const THREAD_MAIN = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const { pathToFileURL } = require('node:url');
// Signals reach the main thread only: the launcher passes a stop on as a message, and the
// service's own SIGTERM/SIGINT handlers take it from there as they would in a process. Before
// the service has set them up (still starting), the stop ends the thread, as the signal's
// default action ends a process (with the shell's code for it).
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 };
parentPort.on('message', (signal) => {
  if (!process.emit(signal, signal)) process.exit(SIGNAL_EXIT_CODES[signal] ?? 1);
});
parentPort.unref();
if (workerData.sourceMaps) process.setSourceMapsEnabled(true);
const resolve = createRequire(workerData.entry).resolve;
(async () => {
  for (const specifier of [...workerData.preload, workerData.entry]) {
    await import(pathToFileURL(resolve(specifier)).href);
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

/**
 * Runs each service in a worker thread of this process: its own V8 isolate, module graph,
 * environment and event loop, sharing only the Node.js runtime, which is most of a small
 * service's memory. Each thread's output is labelled with its name, a line at a time.
 */
export function startServiceThreads(inputs: readonly ServiceThreadInput[]): RunningServices {
  const listeners: Array<(exit: ServiceExit) => void> = [];
  const running = new Set<Worker>();
  const exits = inputs.map(({ name, entry, preload, env, sourceMaps }, index) => {
    const worker = new Worker(THREAD_MAIN, {
      eval: true,
      // The launcher's own flags (tsx, the development condition) are not the service's.
      execArgv: [],
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      env: { ...process.env, ...env },
      workerData: { entry, preload, sourceMaps },
      stdout: true,
      stderr: true,
    });
    running.add(worker);
    copyLabelledLines(worker.stdout, labelFor(name, index, process.stdout), process.stdout);
    copyLabelledLines(worker.stderr, labelFor(name, index, process.stderr), process.stderr);
    worker.on('error', (error) => {
      process.stderr.write(`[${name}] ${error.stack ?? String(error)}\n`);
    });
    return new Promise<ServiceExit>((resolve) => {
      worker.once('exit', (exitCode) => {
        running.delete(worker);
        const exit = { name, exitCode };
        process.stdout.write(
          `${labelFor(name, index, process.stdout)} exited with code ${exitCode}\n`,
        );
        for (const listener of listeners) listener(exit);
        resolve(exit);
      });
    });
  });
  const closed = Promise.all(exits);

  const killNow = (): void => {
    for (const worker of running) void worker.terminate();
  };

  const stop = async (graceMs: number): Promise<void> => {
    for (const worker of running) worker.postMessage('SIGTERM');
    const deadline = setTimeout(() => {
      process.stdout.write(`[launcher] services still running after ${graceMs} ms; ending them\n`);
      killNow();
    }, graceMs);
    await closed;
    clearTimeout(deadline);
  };

  return { onExit: (listener) => listeners.push(listener), closed, stop, killNow };
}
