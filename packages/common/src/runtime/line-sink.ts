import { writeSync } from 'node:fs';
import { exitFlush } from './exit-flush.js';

export interface LineSinkOptions {
  /** Longest a line waits before it is written (it goes out sooner once a batch is big). */
  flushDelayMs?: number;
  /**
   * Bytes allowed to wait while the reader is not keeping up (a full non-blocking pipe). Beyond
   * this the sink blocks until the reader catches up, as a synchronous logger would, so memory
   * stays bounded.
   */
  maxPendingBytes?: number;
  /** How a failed write (other than a full or closed pipe) is reported; stderr by default. */
  reportError?: (error: NodeJS.ErrnoException) => void;
}

/** A pino destination: `write` takes one serialized line. */
export interface LineSink {
  write: (line: string) => void;
  /** Writes everything pending now, waiting for a full pipe if need be (as at exit). */
  flushSync: () => void;
  /** pino's `logger.flush(cb)` calls this. */
  flush: (callback?: (error?: Error) => void) => void;
}

const DEFAULT_FLUSH_DELAY_MS = 10;
/** A batch this big is written at once instead of waiting for the delay. */
const BATCH_BYTES = 64 * 1024;
const DEFAULT_MAX_PENDING_BYTES = 8 * 1024 * 1024;
const RETRY_AFTER_MS = 10;
/** How long the final flush at exit waits for a reader that has stopped reading. */
const EXIT_FLUSH_DEADLINE_MS = 5_000;

const waitCell = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(waitCell, 0, 0, ms);
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

/**
 * Log lines to a file descriptor, gathered for at most `flushDelayMs` (10 ms) or 64 kB and then
 * written together with one synchronous write.
 *
 * Why not pino's own asynchronous destination: it writes as soon as the previous write is done,
 * through the libuv thread pool, so under load every few requests pay for a write system call
 * and a thread hand-off, several microseconds of CPU per request line. Gathering lines for 10 ms
 * makes it about a hundred writes a second whatever the load. Being synchronous, nothing is ever
 * in flight, so the exit hook writes whatever is left and no line is lost when the process ends
 * with `process.exit` or an uncaught exception. A full non-blocking pipe (EAGAIN) does not block
 * the service: the lines wait and are retried shortly, up to `maxPendingBytes`. A closed pipe
 * (EPIPE) ends logging.
 */
export function createLineSink(fd: number, options: LineSinkOptions = {}): LineSink {
  const flushDelayMs = options.flushDelayMs ?? DEFAULT_FLUSH_DELAY_MS;
  const maxPendingBytes = options.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES;
  const reportError = options.reportError ?? reportToStderr;
  const reported = new Set<string>();
  let pending = '';
  /** The unwritten rest of a batch a full pipe refused; it goes out before `pending`. */
  let stalled: Buffer | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;
  const atExit = exitFlush(() => drain(true));

  /** Writes `buffer`; returns what a full pipe left unwritten (only when not `blocking`). */
  function writeBuffer(buffer: Buffer, blocking: boolean, deadline: number): Buffer | undefined {
    let offset = 0;
    while (offset < buffer.length) {
      try {
        offset += writeSync(fd, buffer, offset, buffer.length - offset);
      } catch (error) {
        const code = errorCode(error);
        if (code === 'EAGAIN') {
          if (!blocking || performance.now() > deadline) return buffer.subarray(offset);
          sleepSync(1);
        } else {
          fail(error as NodeJS.ErrnoException, code);
          return undefined;
        }
      }
    }
    return undefined;
  }

  function fail(error: NodeJS.ErrnoException, code: string | undefined): void {
    if (code === 'EPIPE') {
      // Nobody reads the logs any more; keep serving requests without them.
      closed = true;
      pending = '';
      stalled = undefined;
      return;
    }
    const key = code ?? error.message;
    if (!reported.has(key)) {
      reported.add(key);
      reportError(error);
    }
  }

  function drain(blocking: boolean): void {
    if (closed) return;
    const deadline = performance.now() + EXIT_FLUSH_DEADLINE_MS;
    if (stalled !== undefined) stalled = writeBuffer(stalled, blocking, deadline);
    if (stalled === undefined && pending.length > 0) {
      const batch = Buffer.from(pending, 'utf8');
      pending = '';
      stalled = writeBuffer(batch, blocking, deadline);
    }
    if (stalled === undefined && pending.length === 0) atExit.disarm();
  }

  function flushScheduled(): void {
    if (flushTimer !== undefined) {
      clearTimeout(flushTimer);
      flushTimer = undefined;
    }
    const backlog = (stalled?.length ?? 0) + pending.length;
    drain(backlog > maxPendingBytes);
    if (stalled !== undefined && retryTimer === undefined) {
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        flushScheduled();
      }, RETRY_AFTER_MS);
      retryTimer.unref();
    }
  }

  const sink: LineSink = {
    write(line) {
      if (closed) return;
      if (pending.length === 0) atExit.arm();
      pending += line;
      if (pending.length >= BATCH_BYTES) flushScheduled();
      else if (flushTimer === undefined) {
        flushTimer = setTimeout(flushScheduled, flushDelayMs);
        // A pending flush never keeps the process alive; the exit hook writes what is left.
        flushTimer.unref();
      }
    },
    flushSync() {
      drain(true);
    },
    flush(callback) {
      drain(true);
      callback?.();
    },
  };
  return sink;
}

function reportToStderr(error: NodeJS.ErrnoException): void {
  try {
    writeSync(2, `log lines could not be written: ${error.message}\n`);
  } catch {
    // stderr is gone too; there is nowhere left to say it.
  }
}
