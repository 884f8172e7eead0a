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

/**
 * Loggers made by `createLogger`: pino's default line layout (no formatters, hooks, mixins,
 * serializers or redaction), which `infoLineWriter` can reproduce.
 */
const plainLoggers = new WeakSet<Logger>();

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
  const logger = createPinoLogger({ name, level, pretty, destination });
  plainLoggers.add(logger);
  return logger;
}

function createPinoLogger({ name, level, pretty, destination }: LoggerOptions): Logger {
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

/** Writes one info line at `time` (epoch ms) whose fields arrive serialized. */
export type InfoLineWriter = (time: number, fieldsJson: string) => void;

/**
 * For a logger made by `createLogger`, a writer of info lines with `message` whose fields arrive
 * serialized (`,"key":value` for each, in JSON). The line is exactly the one `logInfoAt(logger,
 * time, fields, message)` writes, to the same destination, without pino's generic pass over the
 * fields: on the request log's hot path that pass allocated about twice as much per line as
 * writing it directly (V8's sampling heap profiler, under load).
 * Undefined for any other logger, whose options may change how a line looks.
 */
export function infoLineWriter(logger: Logger, message: string): InfoLineWriter | undefined {
  if (!plainLoggers.has(logger)) return undefined;
  // pino.symbols is pino's documented way for integrations to reach a logger's state.
  const state = logger as unknown as Record<symbol, unknown>;
  const destination = state[pino.symbols.streamSym] as DestinationStream | undefined;
  if (destination === undefined) return undefined;
  const end = `,"msg":${JSON.stringify(message)}}\n`;
  return (time, fieldsJson) => {
    // Read for every line: a logger's bindings can change after the writer was made.
    const bindings = state[pino.symbols.chindingsSym];
    const bindingsJson = typeof bindings === 'string' ? bindings : '';
    destination.write(`{"level":30,"time":${time}${bindingsJson}${fieldsJson}${end}`);
  };
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
