import { isMainThread } from 'node:worker_threads';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

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
 * Writes to stdout asynchronously through pino's own destination (sonic-boom): a full pipe is
 * retried without blocking the service, a reader that has gone (EPIPE) ends the logging quietly,
 * and whatever is still buffered is written synchronously when the process exits, however it
 * exits. Lines are not held back for a batch: the busy writer, the request log, hands over its
 * lines in batches of its own (see `rawInfoLines`). `minLength` 1 rather than 0 writes the same
 * way, but makes a flush wait until the writes in flight are done (with 0 it returns at once).
 */
function stdoutDestination(): DestinationStream {
  // A service run as a thread (npm start runs each in one) shares file descriptor 1 with the
  // others; its own process.stdout is the stream the launcher reads and labels line by line.
  if (!isMainThread) return process.stdout;
  const destination = pino.destination({ dest: 1, sync: false, minLength: 1 });
  let failed = false;
  destination.on('error', (error: NodeJS.ErrnoException) => {
    if (failed) return;
    failed = true;
    // A failed write would otherwise end the service for the sake of its logs, or be retried for
    // ever: logging stops (a flush then finds nothing to wait for), and only a failure other than
    // a reader that has gone is worth a word on stderr.
    const stopped = destination as unknown as Record<string, (done?: () => void) => void>;
    stopped.write = stopped.flushSync = stopped.end = () => undefined;
    stopped.flush = (done) => done?.();
    if (error.code !== 'EPIPE') {
      process.stderr.write(`log lines could not be written: ${error.message}\n`);
    }
  });
  return destination;
}

/**
 * Loggers made by `createLogger` with JSON lines: pino's default line layout (no formatters, hooks,
 * mixins, serializers or redaction), which `rawInfoLines` reproduces.
 */
const plainLoggers = new WeakSet<Logger>();

/** JSON lines on stdout (pretty ones on a terminal), one per request and per event. */
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
  const logger = pino({ name, level }, destination ?? stdoutDestination());
  plainLoggers.add(logger);
  return logger;
}

/** Info lines written around pino's own field pass, for a writer that logs many alike. */
export interface RawInfoLines {
  /** The line `logger.info(fields, message)` writes at `time` (epoch ms), fields serialized. */
  line: (time: number, fieldsJson: string) => string;
  /** Hands one or more lines to the logger's destination at once. */
  write: (lines: string) => void;
}

/**
 * For a logger made by `createLogger`, its info lines with `message` built from fields that
 * arrive serialized (`,"key":value` for each, in JSON), exactly as pino lays them out, and a way
 * to write many at once. Both matter on the request log's hot path: pino's generic pass over
 * the fields allocates much more per line than building it directly, and the destination
 * (sonic-boom) measures the whole text it is still holding on every write, so one write per
 * batch of lines costs far less than one per line. Undefined for any other logger, whose options
 * may change how a line looks.
 */
export function rawInfoLines(logger: Logger, message: string): RawInfoLines | undefined {
  if (!plainLoggers.has(logger)) return undefined;
  // pino.symbols is pino's documented way for integrations to reach a logger's state.
  const state = logger as unknown as Record<symbol, unknown>;
  const destination = state[pino.symbols.streamSym] as DestinationStream | undefined;
  if (destination === undefined) return undefined;
  const end = `,"msg":${JSON.stringify(message)}}\n`;
  return {
    line: (time, fieldsJson) => {
      // Read for every line: a logger's bindings can change after these lines were set up.
      const bindings = state[pino.symbols.chindingsSym];
      const bindingsJson = typeof bindings === 'string' ? bindings : '';
      return `{"level":30,"time":${time}${bindingsJson}${fieldsJson}${end}`;
    },
    write: (lines) => {
      destination.write(lines);
    },
  };
}

/** Writes what the logger's destination holds synchronously, as at process exit. */
export function flushLoggerSync(logger: Logger): void {
  const state = logger as unknown as Record<symbol, unknown>;
  const destination = state[pino.symbols.streamSym] as { flushSync?: () => void } | undefined;
  try {
    destination?.flushSync?.();
  } catch {
    // A destination that is closed or not open yet has nothing to write.
  }
}

type PendingWriter = () => void;
const pendingWriters = new WeakMap<Logger, Set<PendingWriter>>();

/** Registers lines held outside the logger (the request log's) that `flushLogger` writes first. */
export function onFlushLogger(logger: Logger, writePending: PendingWriter): void {
  let writers = pendingWriters.get(logger);
  if (writers === undefined) {
    writers = new Set();
    pendingWriters.set(logger, writers);
  }
  writers.add(writePending);
}

/** A logger that drops everything: for tests that build apps and do not read the logs. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** Writes the lines held for the logger outside it (the request log's) to its destination now. */
export function writeHeldLines(logger: Logger): void {
  for (const writePending of pendingWriters.get(logger) ?? []) writePending();
}

/** How long a stopping service waits for a reader that has stopped taking its log lines. */
const FLUSH_DEADLINE_MS = 5_000;

/**
 * Writes every line still waiting, those held for the logger (the request log's) and those in
 * its destination's buffer, and resolves once the destination has taken them (or after a bounded wait): called before a graceful exit, so no line is left in flight. A destination that
 * is closed, or one without a buffer of its own, has nothing left to write.
 */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const deadline = setTimeout(resolve, FLUSH_DEADLINE_MS);
    deadline.unref();
    const done = (): void => {
      clearTimeout(deadline);
      resolve();
    };
    writeHeldLines(logger);
    try {
      logger.flush(done);
    } catch {
      done();
    }
  });
}
