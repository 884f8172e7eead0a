import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LevelWithSilent, Logger } from 'pino';
import {
  ConfigError,
  developmentSecretsInUse,
  loadRuntimeConfig,
  type Env,
  type RuntimeConfig,
} from '../config/config.js';
import { MongoConnectError } from '../mongo/connect-error.js';
import { cannotRouteText } from '../http/unmatched-request.js';
import {
  createAppServer,
  cutOffStalledConnections,
  deadlineOptions,
  isAddressInUse,
  listen,
} from './app-server.js';
import { trackConnections } from './connection-drain.js';
import { answerProbe, type ReadinessCheck } from './health.js';
import { createLogger, flushLogger } from './logger.js';
import type { ApiDocument } from '../openapi/api-document.js';
import type { AsyncApiDocument } from '../asyncapi/async-api-document.js';
import { apiDocsResponder, DOCS_PATH } from '../openapi/docs-page.js';
import { installCrashHandlers } from '../observability/crash-log.js';
import { requestLogFields } from '../observability/request-id.js';
import {
  observeService,
  type ObservabilityConfig,
} from '../observability/service-observability.js';
import { openThrottle, RateLimitStoreError, type Throttle } from '../throttle/throttle.js';
import { loadThrottleConfig, type ThrottleConfig } from '../throttle/throttle-config.js';

/** An Express app, or any `(req, res)` listener: `unhandled` is called when nothing answered. */
export type ServiceApp = (
  req: IncomingMessage,
  res: ServerResponse,
  unhandled?: (error?: unknown) => void,
) => void;

/** What a service's `connect` step hands over: the app's dependencies and their lifecycle. */
export interface Connected<D> {
  deps: D;
  /** What `/readyz` reports; always ready when absent. */
  isReady?: ReadinessCheck;
  /** Releases the dependencies once the server has stopped. */
  close?: () => Promise<void>;
  /**
   * Ends the answers that stay open (event streams) when the listener stops accepting, so the
   * graceful stop waits for the requests in flight but not for a stream until its grace runs out.
   */
  endStreams?: () => void;
}

export interface BaseServiceConfig extends ObservabilityConfig {
  PORT: number;
  LOG_LEVEL: LevelWithSilent;
  LOG_FORMAT?: 'json' | 'pretty' | undefined;
  /** Serve `GET /openapi.json`, `GET /asyncapi.json` and `GET /docs` (`apiDocsVariable`). */
  API_DOCS?: boolean;
}

/** A service as `runService` runs it: what each service's `src/service.ts` exports. */
export interface ServiceDefinition<C extends BaseServiceConfig, D> {
  name: string;
  /** Reads the environment; a ConfigError stops start-up with its message. */
  loadConfig: () => C;
  /** Opens what the app needs before the port opens; the runner closes `throttle`. */
  connect: (config: C, logger: Logger, throttle: Throttle) => Promise<Connected<D>>;
  createApp: (deps: D) => ServiceApp;
  /** Built once at start-up when `API_DOCS` is on. */
  apiDocument?: () => ApiDocument;
  /** The AsyncAPI document of what the service publishes, if it publishes (as `apiDocument`). */
  asyncApiDocument?: () => AsyncApiDocument;
  /** Secret variables whose development defaults earn a warning when used. */
  secrets?: readonly string[];
  /**
   * How long in-flight requests may run on once the listener has closed (`SHUTDOWN_GRACE_MS`
   * wins; 10 s).
   */
  shutdownGraceMs?: number;
  /**
   * How long the service keeps accepting after a stop signal, with `/readyz` 503 and
   * `Connection: close` (`SHUTDOWN_DRAIN_MS` wins; 1 s when it owns its process, else none:
   * in a test or a tool nothing balances load in front of it).
   */
  shutdownDrainMs?: number;
  /** Handle SIGTERM/SIGINT and exit the process when done (true in `main.ts`). */
  ownsProcess?: boolean;
  /**
   * Where the runner reads its own variables (`HTTP_*`, `SHUTDOWN_*`, the request limits):
   * `process.env` unless a test that runs services side by side gives each its own.
   */
  runnerEnv?: Env;
}

export interface RunningService {
  port: number;
  url: string;
  logger: Logger;
  server: Server;
  /** Where Prometheus scrapes; unset with `METRICS=off`. */
  metricsUrl: string | undefined;
  /** Stops accepting, lets in-flight requests finish (bounded), then closes the dependencies. */
  stop: () => Promise<void>;
}

const alwaysReady: ReadinessCheck = () => Promise.resolve(true);

class ServiceStartError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ServiceStartError';
  }
}

function isExpectedStartFailure(error: unknown): boolean {
  return (
    isAddressInUse(error) ||
    error instanceof ConfigError ||
    error instanceof MongoConnectError ||
    error instanceof RateLimitStoreError
  );
}

/** A known start-up failure is told in one line; anything else keeps its stack for the log. */
function describeStartFailure(name: string, port: number, error: unknown): ServiceStartError {
  const reason = isAddressInUse(error)
    ? `port ${port} is already in use; stop whatever holds it or set PORT to another port`
    : isExpectedStartFailure(error) && error instanceof Error
      ? error.message
      : `failed to start: ${error instanceof Error ? error.message : String(error)}`;
  return new ServiceStartError(`${name}: ${reason}`, { cause: error });
}

/**
 * The safety net for a request nothing in the app answered: 404, or 500 (logged) for an error
 * past every error handler. Handing it to Express also spares it building a final handler per
 * request.
 */
function answerUnhandled(
  req: IncomingMessage,
  res: ServerResponse,
  logger: Logger,
  error: unknown,
): void {
  // Express's router reports "no error" as undefined or null.
  const failed = error !== undefined && error !== null;
  if (failed) {
    logger.error(
      { ...requestLogFields(req), err: error },
      'request failed outside every error handler',
    );
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const [status, text] = failed
    ? [500, 'Internal Server Error']
    : [404, cannotRouteText(req.method, req.url)];
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}

/**
 * Runs a service: read config, connect dependencies, then listen; on SIGTERM/SIGINT stop
 * accepting, let in-flight requests finish (bounded wait), close the dependencies and exit 0.
 */
export async function runService<C extends BaseServiceConfig, D>(
  definition: ServiceDefinition<C, D>,
): Promise<RunningService> {
  const { name, ownsProcess = true } = definition;
  let config: C;
  let runtime: RuntimeConfig;
  let throttleConfig: ThrottleConfig;
  try {
    config = definition.loadConfig();
    runtime = loadRuntimeConfig(definition.runnerEnv);
    throttleConfig = loadThrottleConfig(definition.runnerEnv);
  } catch (error) {
    const failure = describeStartFailure(name, 0, error);
    if (!ownsProcess) throw failure;
    process.stderr.write(`${failure.message}\n`);
    process.exit(1);
  }

  const logger = createLogger({
    name,
    level: config.LOG_LEVEL,
    pretty: config.LOG_FORMAT === undefined ? undefined : config.LOG_FORMAT === 'pretty',
  });
  if (ownsProcess) installCrashHandlers(logger);
  const observability = observeService(config, logger);
  const secrets = developmentSecretsInUse(process.env, definition.secrets ?? []);
  if (secrets.length > 0) {
    logger.warn(
      { variables: secrets },
      'using development secrets; set these variables for any shared deployment',
    );
  }

  let throttle: Throttle | undefined;
  let connected: Connected<D> | undefined;
  let server: Server | undefined;
  let shuttingDown = false;
  let docsServed = false;

  try {
    // Built once, before the port opens; requests only send its text.
    const docs =
      config.API_DOCS === true && definition.apiDocument !== undefined
        ? apiDocsResponder(definition.apiDocument(), definition.asyncApiDocument?.())
        : undefined;
    docsServed = docs !== undefined;
    throttle = await openThrottle(throttleConfig, { service: name, logger });
    connected = await definition.connect(config, logger, throttle);
    const app = observability.measure(definition.createApp(connected.deps));
    // Built once: the probes are answered in front of every request.
    const probeState = {
      isReady: connected.isReady ?? alwaysReady,
      shuttingDown: () => shuttingDown,
    };
    server = createAppServer(
      app,
      (req, res) => {
        if (answerProbe(req, res, probeState) || docs?.(req, res) === true) return;
        app(req, res, (error?: unknown) => answerUnhandled(req, res, logger, error));
      },
      deadlineOptions(runtime),
    );
    cutOffStalledConnections(server, runtime);
    await observability.listen();
    await listen(server, config.PORT);
  } catch (error) {
    const failure = describeStartFailure(name, config.PORT, error);
    await connected?.close?.().catch(() => undefined);
    await throttle?.close().catch(() => undefined);
    await observability.close();
    logger.fatal(isExpectedStartFailure(error) ? {} : { err: error }, failure.message);
    if (!ownsProcess) throw failure;
    await flushLogger(logger);
    process.exit(1);
  }

  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  const metrics = observability.url(url);
  logger.info(
    {
      port,
      url,
      ...(docsServed ? { docs: `${url}${DOCS_PATH}` } : {}),
      ...(metrics === undefined ? {} : { metrics }),
    },
    `${name} listening`,
  );

  const connections = trackConnections(server);
  const drainMs =
    runtime.SHUTDOWN_DRAIN_MS ?? definition.shutdownDrainMs ?? (ownsProcess ? 1_000 : 0);
  const graceMs = runtime.SHUTDOWN_GRACE_MS ?? definition.shutdownGraceMs ?? 10_000;
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      // The drain: still accepting, but /readyz is 503 (the balancer takes the service out of
      // rotation) and every response closes its connection, so a keep-alive client opens a new
      // one for its next request rather than write it into a socket about to close.
      shuttingDown = true;
      connections.startDrain();
      if (drainMs > 0) await sleep(drainMs);
      logger.info({ graceMs }, `${name} stopped accepting`);
      const closing = connections.close(graceMs);
      connected?.endStreams?.();
      await closing;
      await connected?.close?.();
      await throttle?.close();
      await observability.close();
      logger.info(`${name} stopped`);
      await flushLogger(logger);
    })();
    return stopping;
  };

  if (ownsProcess) {
    let firstSignalAt = 0;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (stopping) {
        // One Ctrl-C arrives more than once (the process group, npm and concurrently relay it):
        // only a second signal a second or more later means "do not wait".
        if (performance.now() - firstSignalAt < 1_000) return;
        logger.warn({ signal }, 'second stop signal: exiting without waiting');
        process.exit(1);
      }
      firstSignalAt = performance.now();
      logger.info({ signal }, `${name} shutting down`);
      stop().then(
        () => process.exit(0),
        async (error: unknown) => {
          logger.error({ err: error }, 'error while shutting down');
          await flushLogger(logger);
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  }

  return { port, url, logger, server, metricsUrl: metrics, stop };
}
