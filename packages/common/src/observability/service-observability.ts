import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { ConfigError } from '../config/config.js';
import { createHttpMetrics } from './http-metrics.js';
import { measuredApp } from './measured-app.js';
import { METRICS_PATH } from '../addresses.js';
import { createMetricsServer } from './metrics-endpoint.js';
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
  measure: <A extends Parameters<typeof measuredApp>[0]>(app: A) => A;
  /** Opens the metrics port, if any (before the service's port, so a failure leaves nothing open). */
  listen: () => Promise<void>;
  /** Where the metrics are served, given the service's URL; undefined when they are off. */
  url: (serviceUrl: string) => string | undefined;
  /** Closes the metrics port and flushes what the process still holds (traces). */
  close: () => Promise<void>;
}

function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
}

function listenOn(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error): void => {
      // Said as the configuration problem it is, naming the variable rather than PORT.
      reject(
        isAddressInUse(error)
          ? new ConfigError([`METRICS_PORT: port ${port} is already in use`])
          : error,
      );
    };
    server.once('error', fail);
    server.listen(port, () => {
      server.off('error', fail);
      resolve();
    });
  });
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
  const server = ownPort === undefined ? undefined : createMetricsServer(metrics, logger);
  return {
    measure: (app) => measuredApp(app, metrics, logger, server === undefined),
    listen: async () => {
      if (server !== undefined && ownPort !== undefined) await listenOn(server, ownPort);
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
