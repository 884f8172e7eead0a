import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LevelWithSilent, Logger } from 'pino';
import {
  ConfigError,
  developmentSecretsInUse,
  loadRuntimeConfig,
  type RuntimeConfig,
} from '../config/config.js';
import { MongoConnectError } from '../mongo/mongo.js';
import { cannotRouteText } from '../http/unmatched-request.js';
import { createAppServer, deadlineOptions, type ServerDeadlines } from './app-server.js';
import { trackConnections } from './connection-drain.js';
import { answerProbe, type ReadinessCheck } from './health.js';
import { createLogger, flushLogger } from './logger.js';
import { pathOf } from '../http/unmatched-request.js';
import type { ApiDocument } from '../openapi/api-document.js';
import { apiDocsResponder, DOCS_PATH, type ApiDocsResponder } from '../openapi/docs-page.js';
import { installCrashHandlers } from '../observability/crash-log.js';
import { requestLogFields } from '../observability/request-id.js';
import {
  observeService,
  type ObservabilityConfig,
} from '../observability/service-observability.js';
import { RateLimitStoreError } from '../throttle/redis-connection.js';
import { openThrottle, type Throttle } from '../throttle/throttle.js';
import { loadThrottleConfig, type ThrottleConfig } from '../throttle/throttle-config.js';

/**
 * A request handler as Express apps are: called with the request, the response and what to do
 * when nothing in the app answered (a plain `(req, res)` listener fits too).
 */
export type ServiceApp = (
  req: IncomingMessage,
  res: ServerResponse,
  unhandled?: (error?: unknown) => void,
) => void;

/** What a service's `connect` step hands over: the app's dependencies and their lifecycle. */
export interface Connected<D> {
  /** What `createApp` is built from (repositories, settings, the logger). */
  deps: D;
  /** Whether the dependencies answer; `/readyz` reports it. Defaults to always ready. */
  isReady?: ReadinessCheck;
  /** Releases the dependencies once the server has stopped (closes the database). */
  close?: () => Promise<void>;
}

export interface BaseServiceConfig extends ObservabilityConfig {
  PORT: number;
  LOG_LEVEL: LevelWithSilent;
  LOG_FORMAT?: 'json' | 'pretty' | undefined;
  /** Serve `GET /openapi.json` and `GET /docs` (`API_DOCS`, see `apiDocsVariable`). */
  API_DOCS?: boolean;
}

/** A service as `runService` runs it: what each service's `src/service.ts` exports. */
export interface ServiceDefinition<C extends BaseServiceConfig, D> {
  name: string;
  /** Reads and validates the environment; a ConfigError stops start-up with its message. */
  loadConfig: () => C;
  /**
   * Opens what the app needs (a database) and builds its dependencies, before the port opens;
   * `throttle` holds the limits (throttling variables, docs/configuration.md) for the app's
   * dependencies, and the runner closes it.
   */
  connect: (config: C, logger: Logger, throttle: Throttle) => Promise<Connected<D>>;
  /** Builds the request handler from the dependencies (the service's `createApp`). */
  createApp: (deps: D) => ServiceApp;
  /** The service's OpenAPI document, built once at start-up when `API_DOCS` is on. */
  apiDocument?: () => ApiDocument;
  /** Secret variables whose development defaults earn a warning when used. */
  secrets?: readonly string[];
  /**
   * How long in-flight requests may run on once the listener has closed (`SHUTDOWN_GRACE_MS`
   * wins when set; 10 s otherwise).
   */
  shutdownGraceMs?: number;
  /**
   * How long the service keeps accepting after a stop signal, answering `/readyz` with 503 and
   * every response with `Connection: close` (`SHUTDOWN_DRAIN_MS` wins when set; otherwise 1 s
   * for a service that owns its process, none for one run inside a test or a tool, where nothing
   * balances load in front of it).
   */
  shutdownDrainMs?: number;
  /** Register SIGTERM/SIGINT handlers and exit the process when done (true in `main.ts`). */
  ownsProcess?: boolean;
}

export interface RunningService {
  port: number;
  url: string;
  logger: Logger;
  server: Server;
  /** Where Prometheus scrapes the service (`METRICS_PORT`, or its own port); unset with `METRICS=off`. */
  metricsUrl: string | undefined;
  /** Stops accepting, lets in-flight requests finish (bounded), then closes the dependencies. */
  stop: () => Promise<void>;
}

class ServiceStartError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ServiceStartError';
  }
}

const alwaysReady: ReadinessCheck = () => Promise.resolve(true);

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
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
 * The answer to a request nothing in the app answered: no route matched (404), or an error got
 * past every error handler (500, logged). The services end their apps with their own 404 and
 * error handlers, so this is a safety net. Handing it to the app also spares Express from
 * building its own final handler for every request, which it does when given none.
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

/** The documentation requests answered in front of the app, when the service serves them. */
function answerDocs(req: IncomingMessage, res: ServerResponse, docs: ApiDocsResponder): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return docs(req, res, pathOf(req.url));
}

/** The server for a started service: the probes (and the API docs, when on) in front of the app. */
function serve(
  app: ServiceApp,
  isReady: ReadinessCheck,
  logger: Logger,
  shuttingDown: () => boolean,
  docs: ApiDocsResponder | undefined,
  deadlines: ServerDeadlines,
): Server {
  // Built once: the probe check runs in front of every request.
  const probeState = { isReady, shuttingDown };
  const options = deadlineOptions(deadlines);
  // Without docs the listener is exactly the probes and the app: nothing added per request.
  if (docs === undefined) {
    return createAppServer(
      app,
      (req, res) => {
        if (answerProbe(req, res, probeState)) return;
        app(req, res, (error?: unknown) => answerUnhandled(req, res, logger, error));
      },
      options,
    );
  }
  return createAppServer(
    app,
    (req, res) => {
      if (answerProbe(req, res, probeState) || answerDocs(req, res, docs)) return;
      app(req, res, (error?: unknown) => answerUnhandled(req, res, logger, error));
    },
    options,
  );
}

function serverDeadlines(runtime: RuntimeConfig): ServerDeadlines {
  return {
    headersTimeoutMs: runtime.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: runtime.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: runtime.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
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
    runtime = loadRuntimeConfig();
    throttleConfig = loadThrottleConfig();
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
    // The document is built here, once, before the port opens; requests only send its text.
    const docs =
      config.API_DOCS === true && definition.apiDocument !== undefined
        ? apiDocsResponder(definition.apiDocument())
        : undefined;
    docsServed = docs !== undefined;
    throttle = await openThrottle(throttleConfig, { service: name, logger });
    connected = await definition.connect(config, logger, throttle);
    const app = observability.measure(definition.createApp(connected.deps));
    server = serve(
      app,
      connected.isReady ?? alwaysReady,
      logger,
      () => shuttingDown,
      docs,
      serverDeadlines(runtime),
    );
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
      // The drain: still accepting, but /readyz is 503 (a load balancer or Kubernetes takes the
      // service out of rotation) and every response closes its connection, so a keep-alive
      // client opens a new one for its next request instead of writing it into a socket that
      // is about to close.
      shuttingDown = true;
      connections.startDrain();
      if (drainMs > 0) await sleep(drainMs);
      logger.info({ graceMs }, `${name} stopped accepting`);
      await connections.close(graceMs);
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
        // One Ctrl-C arrives more than once: the terminal signals the whole process group, and
        // npm and process runners (concurrently) relay it too. Only a second request a second or
        // more later means "do not wait".
        if (performance.now() - firstSignalAt < 1_000) return;
        // The exit hook of the logger's destination still writes what it holds.
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
