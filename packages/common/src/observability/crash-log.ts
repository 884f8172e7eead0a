import type { Logger } from 'pino';

let installed = false;

/**
 * What a process does with an error nothing caught (`uncaughtException`) or a promise rejection
 * nothing handled (`unhandledRejection`): one fatal JSON line with the stack, then exit 1 (pino's
 * destination writes what it still holds synchronously at exit; nothing asynchronous is trusted
 * to run in a process in an unknown state), so that the orchestrator restarts it. Without this, Node prints the
 * stack to stderr in its own format, which log pipelines do not parse, and lines still buffered
 * are lost with the process.
 */
export function installCrashHandlers(logger: Logger): void {
  if (installed) return;
  installed = true;
  const crash = (error: unknown, message: string): void => {
    try {
      logger.fatal({ err: error }, message);
    } finally {
      process.exit(1);
    }
  };
  process.on('uncaughtException', (error) => crash(error, 'uncaught exception: exiting'));
  process.on('unhandledRejection', (reason) =>
    crash(reason, 'unhandled promise rejection: exiting'),
  );
}
