import type { IncomingMessage, ServerResponse } from 'node:http';
import { Gauge, Histogram, Registry } from 'prom-client';
import { processMetrics } from './process-metrics.js';

/** The `route` label of a request no route matched: one value, however many paths arrive. */
const UNMATCHED_ROUTE_LABEL = 'unmatched';

/** From 1 ms: cheap routes answer well under prom-client's first 5 ms bucket. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface HttpMetrics {
  start: (req: IncomingMessage, res: ServerResponse) => void;
  /** The Prometheus text of the service's and the process's metrics. */
  text: () => Promise<string>;
  contentType: string;
}

/**
 * A service's request metrics, in a registry of its own (two services in one test process count
 * apart), timed as prom-client's documentation shows: a timer per request, ended on `finish`
 * with the route template Express matched (never the path itself).
 */
export function createHttpMetrics(): HttpMetrics {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the app to the end of its response, by route template.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests the app has started and not yet finished answering.',
    registers: [registry],
  });
  return {
    start: (req, res) => {
      inFlight.inc();
      const end = duration.startTimer();
      res.once('finish', () => {
        const path = (req as { route?: { path?: unknown } }).route?.path;
        end({
          method: req.method ?? 'GET',
          route: typeof path === 'string' ? path : UNMATCHED_ROUTE_LABEL,
          status_code: res.statusCode,
        });
      });
      // Also when its client went away unanswered, which never finishes.
      res.once('close', () => inFlight.dec());
    },
    text: async () => `${await processMetrics().metrics()}\n${await registry.metrics()}`,
    contentType: registry.contentType,
  };
}
