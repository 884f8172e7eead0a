import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exitFlush, type ExitFlush } from '../runtime/exit-flush.js';
import {
  flushLogger,
  infoLineWriter,
  logInfoAt,
  onFlushLogger,
  type InfoLineWriter,
  type Logger,
} from '../runtime/logger.js';

/** Starts the timing of one request; its log line is written after the response finishes. */
export type RequestLogStart = (req: IncomingMessage, res: ServerResponse) => void;

/** How long a finished request waits before its line is serialized with the others. */
const WRITE_EVERY_MS = 10;

const MESSAGE = 'request completed';

interface FinishedRequest {
  time: number;
  method: string | undefined;
  url: string | undefined;
  status: number;
  ms: number;
}

interface RequestLog {
  logger: Logger;
  /** Writes serialized lines straight to the logger's destination, when its layout allows. */
  writeLine: InfoLineWriter | undefined;
  waiting: FinishedRequest[];
  timer: NodeJS.Timeout | undefined;
  /** Armed while lines wait, so that they are written if the process exits first. */
  atExit: ExitFlush;
}

/** Each response being logged: its request log and when it started (nothing is added to it). */
const started = new WeakMap<ServerResponse, { log: RequestLog; at: number }>();

interface FinishMessage {
  request: IncomingMessage & { originalUrl?: string };
  response: ServerResponse;
}

let finishSubscribed = false;
/**
 * Node publishes every finished response on this channel: one subscriber for the process costs
 * less than a 'finish' listener and its closure added to every response.
 */
function subscribeToFinishedResponses(): void {
  if (finishSubscribed) return;
  finishSubscribed = true;
  subscribe('http.server.response.finish', (message) => {
    const { request, response } = message as FinishMessage;
    const start = started.get(response);
    if (start === undefined) return;
    const { log } = start;
    log.waiting.push({
      time: Date.now(),
      method: request.method,
      url: request.originalUrl ?? request.url,
      status: response.statusCode,
      ms: Math.round((performance.now() - start.at) * 10) / 10,
    });
    if (log.timer === undefined) {
      log.atExit.arm();
      log.timer = setTimeout(() => writeWaiting(log), WRITE_EVERY_MS);
      // Waiting lines never keep the process alive; the exit hook writes them.
      log.timer.unref();
    }
  });
}

function writeWaiting(log: RequestLog): void {
  if (log.timer !== undefined) {
    clearTimeout(log.timer);
    log.timer = undefined;
  }
  log.atExit.disarm();
  const batch = log.waiting;
  log.waiting = [];
  const { logger } = log;
  // The level may have been raised since these requests were recorded.
  const writeLine = logger.isLevelEnabled('info') ? log.writeLine : undefined;
  for (const { time, method, url, status, ms } of batch) {
    if (writeLine === undefined) logInfoAt(logger, time, { method, url, status, ms }, MESSAGE);
    else writeLine(time, fieldsJson(method, url, status, ms));
  }
}

/** The fields of a request line as pino would write them (undefined ones left out). */
function fieldsJson(
  method: string | undefined,
  url: string | undefined,
  status: number,
  ms: number,
): string {
  const methodJson = method === undefined ? '' : `,"method":${JSON.stringify(method)}`;
  const urlJson = url === undefined ? '' : `,"url":${JSON.stringify(url)}`;
  return `${methodJson}${urlJson},"status":${status},"ms":${ms}`;
}

/**
 * One log line per finished request: `method`, `url`, `status`, `ms`, and `time` when the response
 * finished. Deliberately smaller than pino-http (no child logger or serializer pass per request).
 *
 * A finished response only records those five values; every 10 ms the waiting ones are
 * serialized together. Measured under load, serializing each line the moment its response
 * finished, from a 'finish' listener on each response, cost the services about three times as
 * much CPU per request: run back to back, the logging code stays hot instead of being interleaved
 * with the request handling. For the loggers `createLogger` makes, the lines are written in
 * pino's layout without going through pino's field pass (`infoLineWriter`), which allocated about
 * twice as much per line. The lines keep their finish time (`logInfoAt`), and are written by
 * `flushLogger` (graceful shutdown) and when the process exits, so none is lost; only a hard
 * kill loses the last few milliseconds, as with any buffered logger.
 */
export function startRequestLog(logger: Logger): RequestLogStart {
  const log: RequestLog = {
    logger,
    writeLine: infoLineWriter(logger, MESSAGE),
    waiting: [],
    timer: undefined,
    atExit: exitFlush(() => flushLogger(logger)),
  };
  onFlushLogger(logger, () => writeWaiting(log));
  subscribeToFinishedResponses();
  return (_req, res) => {
    if (!logger.isLevelEnabled('info')) return;
    started.set(res, { log, at: performance.now() });
  };
}
