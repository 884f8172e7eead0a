import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  name: string;
  level?: LevelWithSilent | undefined;
  /** Human-readable output; by default only when stdout is a terminal. */
  pretty?: boolean | undefined;
  /** Where JSON lines go instead of stdout (tests read them from here). */
  destination?: DestinationStream | undefined;
}

/**
 * pino's own asynchronous stdout (sonic-boom): a full pipe is retried without blocking, and what
 * is buffered is written synchronously at exit however the process exits. `minLength` 1 writes
 * as 0 does, but makes a flush wait for the writes in flight.
 */
function stdoutDestination(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 1 });
  let failed = false;
  destination.on('error', (error: NodeJS.ErrnoException) => {
    if (failed) return;
    failed = true;
    // Otherwise a failed write ends the service for its logs' sake, or is retried for ever:
    // logging stops, and only a failure other than a reader gone (EPIPE) is told on stderr.
    const stopped = destination as unknown as Record<string, (done?: () => void) => void>;
    stopped.write = stopped.flushSync = stopped.end = () => undefined;
    stopped.flush = (done) => done?.();
    if (error.code !== 'EPIPE') {
      process.stderr.write(`log lines could not be written: ${error.message}\n`);
    }
  });
  return destination;
}

/** JSON lines on stdout (pretty ones on a terminal). */
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

export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** How long a stopping service waits for a reader that has stopped taking its log lines. */
const FLUSH_DEADLINE_MS = 5_000;

/** Resolves once the logger's destination has taken its buffered lines (or after a bounded wait). */
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
      // A closed destination, or one without a buffer, has nothing left to write.
      done();
    }
  });
}
