import type { HelmetOptions } from 'helmet';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What every service does on every request beyond the route's work, as the two idiomatic
 * baselines do it with their ecosystems' parts: the same security headers (helmet's, configured
 * to the services' choice in packages/common/src/http/security-headers.ts; a bench test compares
 * the headers), an `X-Request-Id`, one JSON log line with that id, and the same Prometheus
 * histogram, with Node's default metrics beside it as the services keep them.
 */
export type SecurityHeadersProfile = 'api' | 'document';

/** The headers the JSON services send: OWASP's API set and helmet's Cross-Origin-Resource-Policy. */
const API = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} satisfies HelmetOptions;

/** The headers of the tutorial's small HTML pages: helmet's page set, less three that do nothing there. */
const DOCUMENT = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xXssProtection: false,
} satisfies HelmetOptions;

export function helmetOptions(
  profile: SecurityHeadersProfile = 'api',
): typeof API | typeof DOCUMENT {
  return profile === 'api' ? API : DOCUMENT;
}

export const REQUEST_ID_HEADER = 'x-request-id';

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
