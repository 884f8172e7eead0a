import type { HelmetOptions } from 'helmet';
import { helmetOptionsFor, type SecurityHeadersProfile } from '@repo/common';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What every service does on every request beyond the route's work, as the two idiomatic
 * baselines do it with their ecosystems' parts: the same security headers (helmet with the services'
 * own options from @repo/common; a bench test compares the headers), an `X-Request-Id`, one JSON log line with that id, a per-client
 * request limit with its headers, and the same Prometheus histogram, with Node's default metrics beside it as the services keep them.
 */
export type { SecurityHeadersProfile } from '@repo/common';

/** The services' own helmet options, so both baselines send exactly their headers. */
export const helmetOptions = (profile: SecurityHeadersProfile = 'api'): HelmetOptions =>
  helmetOptionsFor(profile);

export const REQUEST_ID_HEADER = 'x-request-id';

/** The services' default per-client request limit (`RATE_LIMIT` per `RATE_LIMIT_WINDOW_SECONDS`). */
export const REQUEST_LIMIT = { requests: 1_000_000, windowMs: 60_000 } as const;

/** The services' request histogram: its name, labels and buckets, in a registry of its own. */
export function requestMetrics(): {
  registry: Registry;
  duration: Histogram<'method' | 'route' | 'status_code'>;
} {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the app to the end of its response, by route template.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, duration };
}
