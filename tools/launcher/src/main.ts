import { fileURLToPath } from 'node:url';
import { DatabaseError } from './database.js';
import { launch, LaunchError, type LaunchedSystem } from './launcher.js';
import { parseCommandLine, USAGE, UsageError, type LaunchOptions } from './options.js';
import { consoleReporter as reporter } from './report.js';

// src/main.ts and dist/main.js both sit two folders below the repository root.
const root = fileURLToPath(new URL('../../..', import.meta.url));

function isExpected(error: unknown): error is Error {
  return (
    error instanceof LaunchError || error instanceof DatabaseError || error instanceof UsageError
  );
}

function readOptions(): LaunchOptions {
  try {
    const parsed = parseCommandLine(process.argv.slice(2), process.env, root);
    if (parsed.help) {
      process.stdout.write(USAGE);
      process.exit(0);
    }
    return parsed.options;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`launcher: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  const startup = new AbortController();
  let system: LaunchedSystem | undefined;
  let stopRequested: NodeJS.Signals | undefined;
  let stopRequestedAt = 0;

  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopRequested !== undefined) {
      // npm and its shell may each pass the same Ctrl-C on within milliseconds; only a
      // deliberate second request (a second later or more) means "do not wait".
      if (Date.now() - stopRequestedAt < 1_000) return;
      reporter.warn(`second ${signal}: killing every service now`);
      system?.killNow();
      process.exit(1);
    }
    stopRequested = signal;
    stopRequestedAt = Date.now();
    if (system === undefined) {
      startup.abort(signal);
      return;
    }
    reporter.info(`${signal}: stopping every service`);
    system.stop().then(
      (exits) => {
        const unclean = exits.filter((exit) => exit.exitCode !== 0);
        if (unclean.length > 0) {
          const list = unclean.map((exit) => `${exit.name} (${exit.exitCode})`).join(', ');
          reporter.warn(`stopped, but not every service exited cleanly: ${list}`);
          process.exit(1);
        }
        reporter.info('stopped; the data stays in place for the next start');
        process.exit(0);
      },
      (error: unknown) => {
        reporter.warn(`error while stopping: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  // Whatever ends this process, no service may outlive it.
  process.on('exit', () => system?.killNow());
  // The services run in their own process groups, so if whatever started the launcher dies
  // without passing a signal on (a killed terminal, a killed npm), stop them ourselves.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) onSignal('SIGHUP');
  }, 1_000).unref();

  try {
    system = await launch(options, reporter, process.env, startup.signal);
  } catch (error) {
    if (!isExpected(error)) throw error;
    if (stopRequested !== undefined) {
      reporter.info(`${stopRequested}: stopped before start-up finished`);
      process.exit(0);
    }
    process.stderr.write(`launcher: ${error.message}\n`);
    process.exit(1);
  }

  const running = system;
  void running.serviceExited.then(async (message) => {
    if (stopRequested !== undefined) return;
    stopRequested = 'SIGTERM';
    reporter.warn(`${message}; stopping the others`);
    await running.stop().catch(() => undefined);
    process.exit(1);
  });
}

await main();
