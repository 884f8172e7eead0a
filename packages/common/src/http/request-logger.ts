import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** Starts the timing of one request; its log line is written when the response finishes. */
export type RequestLogStart = (req: IncomingMessage, res: ServerResponse) => void;

/** Each response being logged: its app's logger and when it started (nothing is added to it). */
const started = new WeakMap<ServerResponse, { logger: Logger; at: number }>();

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
    start.logger.info(
      {
        method: request.method,
        url: request.originalUrl ?? request.url,
        status: response.statusCode,
        ms: Math.round((performance.now() - start.at) * 10) / 10,
      },
      'request completed',
    );
  });
}

/**
 * One log line per finished request: `method`, `url`, `status` and `ms`. Deliberately smaller
 * than pino-http (no child logger or serializer pass per request).
 */
export function startRequestLog(logger: Logger): RequestLogStart {
  subscribeToFinishedResponses();
  return (_req, res) => {
    if (logger.isLevelEnabled('info')) started.set(res, { logger, at: performance.now() });
  };
}
