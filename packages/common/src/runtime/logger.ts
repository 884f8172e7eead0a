import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  name: string;
  level?: LevelWithSilent | undefined;
  /** Human-readable output; defaults to true only when stdout is a terminal. */
  pretty?: boolean | undefined;
}

/**
 * JSON lines on stdout. Off a terminal the writes are asynchronous (lines logged while a write is
 * in flight go out together), so logging never blocks a request on the pipe; `flushLogger` drains
 * what is pending before exit.
 */
export function createLogger({
  name,
  level = 'info',
  pretty = process.stdout.isTTY,
}: LoggerOptions): Logger {
  if (pretty) {
    return pino({
      name,
      level,
      transport: {
        target: 'pino-pretty',
        options: {
          colorize: true,
          translateTime: 'SYS:HH:MM:ss.l',
          singleLine: true,
          ignore: 'pid,hostname',
        },
      },
    });
  }
  return pino({ name, level }, pino.destination({ dest: 1, sync: false, minLength: 0 }));
}

/** A logger that drops everything: for tests that build apps and do not read the logs. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

export function flushLogger(logger: Logger): void {
  try {
    logger.flush();
  } catch {
    // A destination that is already closed has nothing left to flush.
  }
}
