import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  flushLoggerSync,
  onFlushLogger,
  rawInfoLines,
  type Logger,
  type RawInfoLines,
} from '../runtime/logger.js';

/** Starts the timing of one request; its log line is written after the response finishes. */
export type RequestLogStart = (
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string | undefined,
) => void;

/** How long a finished request waits before its line is written with the others. */
const WRITE_EVERY_MS = 10;

const MESSAGE = 'request completed';

interface FinishedRequest {
  time: number;
  method: string | undefined;
  url: string | undefined;
  status: number;
  ms: number;
  requestId: string | undefined;
}

interface RequestLog {
  logger: Logger;
  /** Lines built and written around pino's field pass, when the logger's layout allows. */
  raw: RawInfoLines | undefined;
  waiting: FinishedRequest[];
  timer: NodeJS.Timeout | undefined;
}

/** Each response being logged: its request log and when it started (nothing is added to it). */
const started = new WeakMap<
  ServerResponse,
  { log: RequestLog; at: number; requestId: string | undefined }
>();

/**
 * The request logs with lines waiting, held strongly until their lines are written, so that the
 * exit hook writes them whoever still refers to the log.
 */
const withLinesWaiting = new Set<RequestLog>();

interface FinishMessage {
  request: IncomingMessage & { originalUrl?: string };
  response: ServerResponse;
}

let subscribed = false;
/**
 * Node publishes every finished response on this channel: one subscriber for the process costs
 * less than a 'finish' listener and its closure added to every response. At exit, whatever waits
 * is written, and the destination flushed synchronously.
 */
function subscribeOnce(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe('http.server.response.finish', (message) => {
    const { request, response } = message as FinishMessage;
    const start = started.get(response);
    if (start === undefined) return;
    const { log, requestId } = start;
    log.waiting.push({
      time: Date.now(),
      method: request.method,
      url: request.originalUrl ?? request.url,
      status: response.statusCode,
      ms: Math.round((performance.now() - start.at) * 10) / 10,
      requestId,
    });
    if (log.timer === undefined) {
      withLinesWaiting.add(log);
      log.timer = setTimeout(() => writeWaiting(log), WRITE_EVERY_MS);
      // Waiting lines never keep the process alive; the exit hook writes them.
      log.timer.unref();
    }
  });
  process.once('exit', () => {
    for (const log of [...withLinesWaiting]) {
      writeWaiting(log);
      flushLoggerSync(log.logger);
    }
  });
}

function writeWaiting(log: RequestLog): void {
  if (log.timer !== undefined) {
    clearTimeout(log.timer);
    log.timer = undefined;
  }
  withLinesWaiting.delete(log);
  const batch = log.waiting;
  log.waiting = [];
  const { logger } = log;
  // The level may have been raised since these requests were recorded.
  if (!logger.isLevelEnabled('info')) return;
  const { raw } = log;
  if (raw === undefined) {
    for (const { method, url, status, ms, requestId } of batch) {
      logger.info({ method, url, status, ms, requestId }, MESSAGE);
    }
    return;
  }
  let lines = '';
  for (const { time, method, url, status, ms, requestId } of batch) {
    lines += raw.line(time, fieldsJson(method, url, status, ms, requestId));
  }
  raw.write(lines);
}

/** The fields of a request line as pino would write them (undefined ones left out). */
function fieldsJson(
  method: string | undefined,
  url: string | undefined,
  status: number,
  ms: number,
  requestId: string | undefined,
): string {
  const methodJson = method === undefined ? '' : `,"method":${JSON.stringify(method)}`;
  const urlJson = url === undefined ? '' : `,"url":${JSON.stringify(url)}`;
  const requestIdJson = requestId === undefined ? '' : `,"requestId":${JSON.stringify(requestId)}`;
  return `${methodJson}${urlJson},"status":${status},"ms":${ms}${requestIdJson}`;
}

/**
 * One log line per finished request: `method`, `url`, `status`, `ms`, `requestId`, and `time`,
 * when the response finished. Deliberately smaller than pino-http (no child logger or serializer pass per
 * request).
 *
 * A finished response only records those values; every 10 ms the waiting ones are serialized
 * together, for the loggers `createLogger` makes straight in pino's line layout, and handed to the
 * destination in one write (`rawInfoLines`). Serialized one by one as their responses finish,
 * the lines would cost the cheapest routes a large share of their time: run back to back, the
 * logging code stays hot instead of being interleaved with the handling of requests.
 * `flushLogger` (graceful shutdown) and the exit of the process write whatever waits, so no line
 * is lost but to a hard kill.
 */
export function startRequestLog(logger: Logger): RequestLogStart {
  subscribeOnce();
  const log: RequestLog = {
    logger,
    raw: rawInfoLines(logger, MESSAGE),
    waiting: [],
    timer: undefined,
  };
  onFlushLogger(logger, () => writeWaiting(log));
  return (_req, res, requestId) => {
    if (logger.isLevelEnabled('info')) {
      started.set(res, { log, at: performance.now(), requestId });
    }
  };
}
