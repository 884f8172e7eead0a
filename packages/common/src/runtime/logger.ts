import { pino, type Logger, type LevelWithSilent } from 'pino';
import { createLineSink } from './line-sink.js';

export type { Logger } from 'pino';

export interface LoggerOptions {
  name: string;
  level?: LevelWithSilent | undefined;
  /** Human-readable output; defaults to true only when stdout is a terminal. */
  pretty?: boolean | undefined;
}

/**
 * JSON lines on stdout. Off a terminal the lines of one event-loop turn go out together in one
 * write after that turn (see `createLineSink`), and whatever is left is written when the process
 * exits; `flushLogger` writes what is pending at once.
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
  return pino({ name, level }, createLineSink(1));
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
