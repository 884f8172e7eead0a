import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Gauge, Histogram, Registry } from 'prom-client';
import { processMetrics } from './process-metrics.js';

/** The `route` label of a request no route matched: one value, however many paths arrive. */
export const UNMATCHED_ROUTE_LABEL = 'unmatched';

/** From 1 ms: cheap routes answer well under prom-client's first 5 ms bucket. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Far more than a service has in flight; past it, closed responses are dropped at once. */
const MAX_IN_FLIGHT_BEFORE_SWEEP = 10_000;

type Observe = (seconds: number) => void;

export interface HttpMetrics {
  start: (req: IncomingMessage, res: ServerResponse) => void;
  /** The Prometheus text of the service's and the process's metrics. */
  text: () => Promise<string>;
  contentType: string;
}

interface Timing {
  at: number;
  observeFor: (method: string, route: string, status: number) => Observe;
  inFlight: Set<ServerResponse>;
}

/** Each response being timed (nothing is added to the response itself). */
const timings = new WeakMap<ServerResponse, Timing>();

interface FinishMessage {
  request: IncomingMessage & { route?: { path?: unknown } };
  response: ServerResponse;
}

/** The route template Express matched (`/products/:id`), never the path itself. */
function routeOf(request: FinishMessage['request']): string {
  const path = request.route?.path;
  return typeof path === 'string' ? path : UNMATCHED_ROUTE_LABEL;
}

let subscribed = false;
/** One subscriber to Node's finished responses for the process. */
function subscribeOnce(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe('http.server.response.finish', (message) => {
    const { request, response } = message as FinishMessage;
    const timing = timings.get(response);
    if (timing === undefined) return;
    timing.inFlight.delete(response);
    const seconds = (performance.now() - timing.at) / 1000;
    timing.observeFor(request.method ?? 'GET', routeOf(request), response.statusCode)(seconds);
  });
}

/**
 * A service's request metrics, in a registry of its own (two services in one test process count
 * apart). The histogram's children are kept by their labels: a request costs one map lookup
 * instead of prom-client's label hashing.
 */
export function createHttpMetrics(): HttpMetrics {
  subscribeOnce();
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the app to the end of its response, by route template.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const children = new Map<string, Observe>();
  const observeFor = (method: string, route: string, status: number): Observe => {
    const key = `${method} ${status} ${route}`;
    let observe = children.get(key);
    if (observe === undefined) {
      const child = duration.labels({ method, route, status_code: status });
      observe = (seconds) => child.observe(seconds);
      children.set(key, observe);
    }
    return observe;
  };
  const inFlight = new Set<ServerResponse>();
  const dropClosed = (): void => {
    // A response whose connection closed before it finished never reaches the finish channel.
    for (const res of inFlight) if (res.destroyed) inFlight.delete(res);
  };
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests the app has started and not yet finished answering.',
    registers: [registry],
    collect() {
      dropClosed();
      this.set(inFlight.size);
    },
  });
  return {
    start: (_req, res) => {
      timings.set(res, { at: performance.now(), observeFor, inFlight });
      inFlight.add(res);
      // Without scrapes, aborted responses would pile up here.
      if (inFlight.size > MAX_IN_FLIGHT_BEFORE_SWEEP) dropClosed();
    },
    text: async () => `${await processMetrics().metrics()}\n${await registry.metrics()}`,
    contentType: registry.contentType,
  };
}
