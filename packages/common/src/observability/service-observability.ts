import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ConfigError } from '../config/config.js';
import { METRICS_PATH } from '../addresses.js';
import { pathOf } from '../http/unmatched-request.js';
import { isAddressInUse, listen } from '../runtime/app-server.js';
import type { ServiceApp } from '../runtime/run-service.js';
import { createHttpMetrics, type HttpMetrics } from './http-metrics.js';
import { runShutdownHooks } from './shutdown-hooks.js';

export interface ObservabilityConfig {
  /** Serve `/metrics` and time requests (`METRICS`; on unless false). */
  METRICS?: boolean | undefined;
  /** Serve `/metrics` on this port instead of the service's (`METRICS_PORT`). */
  METRICS_PORT?: number | undefined;
}

/** What `runService` asks of the observability of one service. */
export interface ServiceObservability {
  /** The app as the server should call it: timed, with `/metrics` in front when on its port. */
  measure: <A extends ServiceApp>(app: A) => A;
  /** Opens the metrics port, if any (before the service's, so a failure leaves nothing open). */
  listen: () => Promise<void>;
  /** Where the metrics are served, given the service's URL; undefined when they are off. */
  url: (serviceUrl: string) => string | undefined;
  /** Closes the metrics port and flushes what the process still holds (traces). */
  close: () => Promise<void>;
}

/**
 * Answers `GET` and `HEAD /metrics`; any other request is left to the app, so the service's routes
 * and 404s are unchanged. Scrapes are not timed: they would count in the histogram they read.
 */
function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: HttpMetrics,
  logger: Logger,
): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || pathOf(req.url) !== METRICS_PATH) {
    return false;
  }
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
  return true;
}

/**
 * The app with its requests timed, and `/metrics` in front of it when served on the service's
 * port. It keeps the app's `request` and `response` prototypes for `createAppServer`.
 */
function measuredApp<A extends ServiceApp>(
  app: A,
  metrics: HttpMetrics,
  logger: Logger,
  onServicePort: boolean,
): A {
  const measured: ServiceApp = (req, res, unhandled) => {
    if (onServicePort && answerMetrics(req, res, metrics, logger)) return;
    metrics.start(req, res);
    app(req, res, unhandled);
  };
  const { request, response } = app as { request?: unknown; response?: unknown };
  return Object.assign(measured, { request, response }) as unknown as A;
}

export function observeService(config: ObservabilityConfig, logger: Logger): ServiceObservability {
  if (config.METRICS === false) {
    return {
      measure: (app) => app,
      listen: () => Promise.resolve(),
      url: () => undefined,
      close: runShutdownHooks,
    };
  }
  const metrics = createHttpMetrics();
  const ownPort = config.METRICS_PORT;
  const server =
    ownPort === undefined
      ? undefined
      : createServer((req, res) => {
          if (answerMetrics(req, res, metrics, logger)) return;
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('Not Found');
        });
  return {
    measure: (app) => measuredApp(app, metrics, logger, server === undefined),
    listen: async () => {
      if (server === undefined || ownPort === undefined) return;
      await listen(server, ownPort).catch((error: unknown) => {
        // A configuration problem: named by its variable rather than PORT.
        throw isAddressInUse(error)
          ? new ConfigError([`METRICS_PORT: port ${ownPort} is already in use`])
          : error;
      });
    },
    url: (serviceUrl) => {
      const address = server?.address();
      const base =
        address !== undefined && address !== null && typeof address === 'object'
          ? `http://localhost:${address.port}`
          : serviceUrl;
      return `${base}${METRICS_PATH}`;
    },
    close: async () => {
      if (server?.listening === true) {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      }
      await runShutdownHooks();
    },
  };
}
