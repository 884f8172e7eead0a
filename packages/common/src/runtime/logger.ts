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
 * exits (pino flushes the destinations it makes at exit). `minLength` 1 rather than 0 writes the same
 * way, but makes a flush wait until the writes in flight are done (with 0 it returns at once).
 */
function stdoutDestination(): DestinationStream {
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
  return pino({ name, level }, destination ?? stdoutDestination());
}

/** A logger that drops everything: for tests that build apps and do not read the logs. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** How long a stopping service waits for a reader that has stopped taking its log lines. */
const FLUSH_DEADLINE_MS = 5_000;

/**
 * Writes the lines in the logger's destination buffer and resolves once the destination has taken
 * them (or after a bounded wait): called before a graceful exit, so no line is left in flight. A
 * destination that is closed, or one without a buffer of its own, has nothing left to write.
 */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const deadline = setTimeout(resolve, FLUSH_DEADLINE_MS);
    deadline.unref();
    const done = (): void => {
      clearTimeout(deadline);
      resolve();
    };
    try {
      logger.flush(done);
    } catch {
      done();
    }
  });
}
