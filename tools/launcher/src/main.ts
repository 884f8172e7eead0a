// `npm start` runs this with `node --import tsx`: no build first, and no second process for a loader.
import { fileURLToPath } from 'node:url';
import { launch, type LaunchedSystem, type ServiceExit } from './launcher.js';
import { parseCommandLine, USAGE, UsageError } from './options.js';
import { consoleReporter as reporter } from './report.js';

function exitWhenStopped(exits: Promise<readonly ServiceExit[]>, code: number): void {
  void exits.then((all) => {
    const unclean = all.filter((exit) => exit.exitCode !== 0);
    const list = unclean.map((exit) => `${exit.name} (${exit.exitCode})`).join(', ');
    if (list) reporter.warn(`stopped, but not every service exited cleanly: ${list}`);
    else reporter.info('stopped; the data stays in place for the next start');
    process.exit(list ? 1 : code);
  });
}

let parsed;
try {
  // src/main.ts and dist/main.js both sit two folders below the repository root.
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  parsed = parseCommandLine(process.argv.slice(2), process.env, root);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`launcher: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (parsed.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const startup = new AbortController();
let system: LaunchedSystem | undefined;
let stopRequestedAt: number | undefined;
const onSignal = (signal: NodeJS.Signals): void => {
  if (stopRequestedAt !== undefined) {
    // npm relays the terminal's Ctrl-C, which reached the launcher already: the same request.
    if (Date.now() - stopRequestedAt > 1_000)
      reporter.warn(`second ${signal}: the services exit now`);
    return;
  }
  stopRequestedAt = Date.now();
  reporter.info(`${signal}: stopping every service`);
  if (system === undefined) startup.abort(signal);
  else exitWhenStopped(system.stop(), 0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
// Whatever started the launcher may die without passing a signal on (a killed terminal or npm).
const parent = process.ppid;
setInterval(() => process.ppid !== parent && process.kill(process.pid, 'SIGTERM'), 1_000).unref();

try {
  system = await launch(parsed.options, reporter, process.env, startup.signal);
} catch (error) {
  if (!(error instanceof Error)) throw error;
  if (startup.signal.aborted) reporter.info('stopped before start-up finished');
  else process.stderr.write(`launcher: ${error.message}\n`);
  process.exit(startup.signal.aborted ? 0 : 1);
}
const running = system;
void running.serviceExited.then((message) => {
  if (stopRequestedAt !== undefined) return;
  stopRequestedAt = Date.now();
  reporter.warn(`${message}; stopping the others`);
  exitWhenStopped(running.stop(), 1);
});
