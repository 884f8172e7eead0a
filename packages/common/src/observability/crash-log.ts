import type { Logger } from 'pino';

let installed = false;

/**
 * An uncaught exception or unhandled rejection: one fatal JSON line with the stack, then exit 1
 * (pino's destination writes what it holds synchronously at exit; nothing asynchronous is
 * trusted in a process in an unknown state). Node alone prints a stack log pipelines do not
 * parse, and buffered lines are lost.
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
