import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import { createLineSink } from './line-sink.js';

export type { Logger } from 'pino';

export interface LoggerOptions {
  name: string;
  level?: LevelWithSilent | undefined;
  /** Human-readable output; defaults to true only when stdout is a terminal. */
  pretty?: boolean | undefined;
  /** Where JSON lines go instead of stdout (tests read them from here). */
  destination?: DestinationStream | undefined;
}

/** Set only while `logAt` writes a line for an event that happened earlier. */
let eventTime: number | undefined;

/** pino's epoch-milliseconds `time`, or the time of the event `logAt` is writing. */
function timestamp(): string {
  return `,"time":${eventTime ?? Date.now()}`;
}

/**
 * JSON lines on stdout. Off a terminal the lines are gathered for a few milliseconds and written
 * together (see `createLineSink`); whatever is left is written when the process exits, and
 * `flushLogger` writes what is pending at once.
 */
export function createLogger({
  name,
  level = 'info',
  pretty = process.stdout.isTTY,
  destination,
}: LoggerOptions): Logger {
  if (pretty && destination === undefined) {
    return pino({
      name,
      level,
      timestamp,
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
  return pino({ name, level, timestamp }, destination ?? createLineSink(1));
}

/**
 * Writes an info line whose `time` is `time` (epoch ms) rather than now, for events logged in a
 * batch after they happened. Loggers not made by `createLogger` stamp the time of this call.
 */
export function logInfoAt(logger: Logger, time: number, fields: object, message: string): void {
  eventTime = time;
  try {
    logger.info(fields, message);
  } finally {
    eventTime = undefined;
  }
}

/** A logger that drops everything: for tests that build apps and do not read the logs. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

type PendingWriter = () => void;
const pendingWriters = new WeakMap<Logger, Set<PendingWriter>>();

/** Registers lines held outside the logger (see the request log) that `flushLogger` must write first. */
export function onFlushLogger(logger: Logger, writePending: PendingWriter): void {
  let writers = pendingWriters.get(logger);
  if (writers === undefined) {
    writers = new Set();
    pendingWriters.set(logger, writers);
  }
  writers.add(writePending);
}

/** Writes every line still waiting: those held for the logger, then the logger's own buffer. */
export function flushLogger(logger: Logger): void {
  for (const writePending of pendingWriters.get(logger) ?? []) writePending();
  try {
    logger.flush();
  } catch {
    // A destination that is already closed has nothing left to flush.
  }
}
