import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { METRICS_PATH } from '../addresses.js';
import { pathOf } from '../http/unmatched-request.js';
import type { HttpMetrics } from './http-metrics.js';

function sendMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: HttpMetrics,
  logger: Logger,
): void {
  metrics.text().then(
    (text) => {
      res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
    },
    (error: unknown) => {
      logger.error({ err: error }, 'metrics could not be collected');
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('metrics could not be collected');
    },
  );
}

/**
 * Answers `GET` and `HEAD /metrics` (returns true); any other request is left to the app, so the
 * spec's routes and 404s are unchanged, including other methods on `/metrics`. Scrapes are not
 * timed: they would be counted in the histogram they read.
 */
export function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: HttpMetrics,
  logger: Logger,
): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || pathOf(req.url) !== METRICS_PATH) {
    return false;
  }
  sendMetrics(req, res, metrics, logger);
  return true;
}

/** A server of its own for `/metrics` (`METRICS_PORT`), answering 404 to anything else. */
export function createMetricsServer(metrics: HttpMetrics, logger: Logger): Server {
  return createServer((req, res) => {
    if (answerMetrics(req, res, metrics, logger)) return;
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not Found');
  });
}
