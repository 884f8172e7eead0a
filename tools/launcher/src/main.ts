import { fileURLToPath } from 'node:url';
import { launch, type ServiceExit } from './launcher.js';
import { parseCommandLine, USAGE, UsageError } from './options.js';
import { consoleReporter as reporter } from './report.js';

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

let stop: (() => Promise<readonly ServiceExit[]>) | undefined;
let stopping = false;
let stopBeforeReady: (reason: string) => void = () => undefined;
const stopRequested = new Promise<string>((resolve) => (stopBeforeReady = resolve));

/** Stops everything once, whatever asks first: a signal, or a service that ended on its own. */
function stopAll(why: string, code: number): void {
  if (stopping) return; // npm relays the terminal's Ctrl-C, which reached the launcher already
  stopping = true;
  reporter.info(`${why}: stopping every service`);
  if (stop === undefined) return stopBeforeReady(`${why} before every service was ready`);
  void stop().then((exits) => {
    const unclean = exits.filter((exit) => exit.exitCode !== 0);
    const list = unclean.map((exit) => `${exit.name} (${exit.exitCode})`).join(', ');
    if (list) reporter.warn(`stopped, but not every service exited cleanly: ${list}`);
    else reporter.info('stopped; the data stays in place for the next start');
    process.exit(list ? 1 : code);
  });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal, 0));
// Whatever started the launcher may die without passing a signal on (a killed terminal or npm).
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stopAll('parent gone', 0), 1_000).unref();

try {
  const system = await launch(parsed.options, reporter, process.env, stopRequested);
  stop = system.stop;
  void system.serviceExited.then((message) => stopAll(message, 1));
} catch (error) {
  if (!(error instanceof Error)) throw error;
  if (stopping) reporter.info('stopped before start-up finished');
  else process.stderr.write(`launcher: ${error.message}\n`);
  process.exit(stopping ? 0 : 1);
}
