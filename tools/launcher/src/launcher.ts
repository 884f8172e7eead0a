import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { METRICS_PATH } from '@repo/common';
import { startEmbeddedDatabase, useExternalMongo, type Database } from './database.js';
import type { LaunchOptions } from './options.js';
import { findPortProblems, type PortClaim } from './ports.js';
import { waitUntilReady } from './readiness.js';
import type { Reporter } from './report.js';
import type { ServiceSpec } from './registry.js';
import type { RunningServices, ServiceExit } from './running-services.js';
import { bundleServices } from './service-bundles.js';
import { startServiceThreads } from './service-threads.js';
import { SECRETS, SERVICES } from './services.js';
import { renderUrlTable, type ServiceRow } from './table.js';

/** A start-up failure the launcher reports in its own words, without a stack. */
export class LaunchError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LaunchError';
  }
}

export interface LaunchedSystem {
  rows: readonly ServiceRow[];
  database: Database;
  /** Settles with a message when a service exits on its own while the system runs. */
  serviceExited: Promise<string>;
  /** Stops every service (gracefully, then by force after the grace period), then the database; resolves with how each service exited. */
  stop: () => Promise<readonly ServiceExit[]>;
  /** Last resort: every service ended at once. */
  killNow: () => void;
}

type Env = Readonly<Record<string, string | undefined>>;

function portOf(options: LaunchOptions, service: ServiceSpec): number {
  const port = options.ports[service.name];
  if (port === undefined) throw new LaunchError(`no port given for ${service.name}`);
  return port;
}

function entryOf(options: LaunchOptions, service: ServiceSpec): string {
  return join(
    options.root,
    service.dir,
    options.mode === 'compiled' ? 'dist/main.js' : 'src/main.ts',
  );
}

async function checkEntries(
  options: LaunchOptions,
  services: readonly ServiceSpec[],
): Promise<void> {
  const missing: string[] = [];
  for (const service of services) {
    const entry = entryOf(options, service);
    await access(entry).catch(() => missing.push(`${service.name}: ${entry} not found`));
  }
  if (missing.length === 0) return;
  const hint = options.mode === 'compiled' ? '\nrun `npm run build` first' : '';
  throw new LaunchError(`${missing.join('\n')}${hint}`);
}

async function checkPorts(options: LaunchOptions, services: readonly ServiceSpec[]): Promise<void> {
  const claims: PortClaim[] = services.map((service) => ({
    port: portOf(options, service),
    owner: service.name,
    hint: `stop whatever holds it or pass --port ${service.name}=<port>`,
  }));
  // The embedded server starts only for services that use MongoDB, so only they need its port.
  const startsDatabase = services.some((service) => service.usesMongo);
  if (startsDatabase && options.mongoUri === undefined && !options.inMemory) {
    claims.unshift({
      port: options.mongoPort,
      owner: 'embedded MongoDB',
      host: '127.0.0.1',
      hint: 'pass --mongo-port <port>, or set MONGODB_URI to use the server that holds it',
    });
  }
  const problems = await findPortProblems(claims);
  if (problems.length > 0) throw new LaunchError(problems.join('\n'));
}

interface ResolvedSecrets {
  values: Record<string, string>;
  /** `VARIABLE=value` of each secret that fell back to its development value. */
  defaulted: string[];
}

/**
 * The services' secrets: what the environment sets, else (outside production) the development
 * values, announced with a warning. In production nothing is filled in, so a missing secret
 * stops that service with its own message.
 */
function resolveSecrets(env: Env, services: readonly ServiceSpec[]): ResolvedSecrets {
  const values: Record<string, string> = {};
  const defaulted: string[] = [];
  for (const secret of SECRETS) {
    if (!services.some((service) => service.name === secret.service)) continue;
    const set = env[secret.variable];
    if (set) values[secret.variable] = set;
    else if (env.NODE_ENV !== 'production') {
      values[secret.variable] = secret.developmentValue;
      defaulted.push(`${secret.variable}=${secret.developmentValue}`);
    }
  }
  return { values, defaulted };
}

function serviceEnv(
  service: ServiceSpec,
  port: number,
  database: Database | undefined,
  secrets: Record<string, string>,
): Record<string, string> {
  // Each service serves /metrics on its own port here: one METRICS_PORT for all would collide
  // (empty counts as unset).
  const env: Record<string, string> = { PORT: String(port), METRICS_PORT: '' };
  // The services' stdout is a pipe to the launcher, so they would log JSON; a person at a
  // terminal gets readable lines unless LOG_FORMAT says otherwise.
  if (process.stdout.isTTY && process.env.LOG_FORMAT === undefined) env.LOG_FORMAT = 'pretty';
  if (service.usesMongo && database) env.MONGODB_URI = database.uri;
  for (const secret of SECRETS) {
    const value = secrets[secret.variable];
    if (secret.service === service.name && value !== undefined) env[secret.variable] = value;
  }
  return env;
}

/**
 * Where the services send traces, when the standard OpenTelemetry variables ask for it (the
 * services read the same variables; `@repo/common/tracing` validates them).
 */
function tracesEndpoint(env: Env): string | undefined {
  if (env.OTEL_SDK_DISABLED === 'true') return undefined;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return endpoint === '' ? undefined : endpoint;
}

function whenAnyExits(services: RunningServices, isStopping: () => boolean): Promise<string> {
  return new Promise((resolve) => {
    services.onExit((exit) => {
      if (isStopping()) return;
      const how =
        exit.exitCode === 0 || typeof exit.exitCode === 'string'
          ? `exited (${exit.exitCode})`
          : `exited with code ${exit.exitCode}`;
      resolve(`${exit.name} ${how}; see its lines above`);
    });
  });
}

function abortedWith(abort: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    if (!abort) return;
    const settle = (): void =>
      resolve(`stopped before every service was ready (${String(abort.reason)})`);
    if (abort.aborted) settle();
    else abort.addEventListener('abort', settle, { once: true });
  });
}

/** The services as processes of their own (concurrently, loaded only for them). */
async function startProcesses(
  options: LaunchOptions,
  inputs: ReadonlyArray<{ service: ServiceSpec; env: Record<string, string> }>,
  traced: boolean,
): Promise<RunningServices> {
  const { startServiceProcesses } = await import('./processes.js');
  return startServiceProcesses(options.root, options.mode, inputs, traced);
}

/**
 * The services as threads of this process: from source, each one's TypeScript bundled first;
 * compiled, its `dist/main.js`.
 */
async function startThreads(
  options: LaunchOptions,
  inputs: ReadonlyArray<{ service: ServiceSpec; env: Record<string, string> }>,
  traced: boolean,
): Promise<RunningServices> {
  const dirs = inputs.map(({ service }) => join(options.root, service.dir));
  const bundles = options.mode === 'compiled' ? undefined : await bundleServices(dirs, traced);
  return startServiceThreads(
    inputs.map(({ service, env }, index) => {
      const bundle = bundles?.[index];
      const tracing = bundle === undefined ? '@repo/common/tracing' : bundle.tracing;
      return {
        name: service.name,
        entry: bundle?.main ?? entryOf(options, service),
        preload: traced && tracing !== undefined ? [tracing] : [],
        env,
        sourceMaps: bundle !== undefined,
      };
    }),
  );
}

/** Everything `npm start` does up to the URL table. */
export async function launch(
  options: LaunchOptions,
  reporter: Reporter,
  env: Env = process.env,
  abort?: AbortSignal,
): Promise<LaunchedSystem> {
  const services = SERVICES.filter((service) => options.services.includes(service.name));
  await checkEntries(options, services);
  await checkPorts(options, services);

  const needsMongo = services.some((service) => service.usesMongo);
  let database: Database | undefined;
  if (needsMongo) {
    if (options.mongoUri !== undefined) {
      reporter.info(`using the MongoDB server of MONGODB_URI`);
      database = await useExternalMongo(options.mongoUri);
    } else {
      database = await startEmbeddedDatabase({
        root: options.root,
        port: options.inMemory ? 0 : options.mongoPort,
        dataDir: options.dataDir,
        inMemory: options.inMemory,
      });
      reporter.info(`embedded MongoDB answers at ${database.description}`);
    }
  }
  const stopDatabase = (): Promise<void> => database?.stop() ?? Promise.resolve();

  const secrets = resolveSecrets(env, services);
  if (secrets.defaulted.length > 0) {
    reporter.warn(
      `using development tokens (${secrets.defaulted.join(', ')}); set these variables for anything shared`,
    );
  }
  const how = options.processes ? 'a process each' : 'a thread each';
  reporter.info(
    `starting ${services.map((service) => service.name).join(', ')} (${options.mode}, ${how})`,
  );
  const tracesTo = tracesEndpoint(env);
  const inputs = services.map((service) => ({
    service,
    env: serviceEnv(service, portOf(options, service), database, secrets.values),
  }));
  let running: RunningServices;
  try {
    running = options.processes
      ? await startProcesses(options, inputs, tracesTo !== undefined)
      : await startThreads(options, inputs, tracesTo !== undefined);
  } catch (error) {
    await stopDatabase();
    throw error;
  }

  let stopping = false;
  let stopped: Promise<readonly ServiceExit[]> | undefined;
  const stop = (): Promise<readonly ServiceExit[]> => {
    stopping = true;
    stopped ??= (async () => {
      try {
        await running.stop(options.stopGraceMs);
      } finally {
        await stopDatabase();
      }
      return running.closed;
    })();
    return stopped;
  };
  const serviceExited = whenAnyExits(running, () => stopping);

  const metricsOn = env.METRICS !== 'off';
  const rows = services.map((service) => {
    const url = `http://localhost:${portOf(options, service)}`;
    return {
      name: service.name,
      url,
      tryPath: service.tryPath,
      metricsUrl: metricsOn ? `${url}${METRICS_PATH}` : undefined,
    };
  });
  try {
    await waitUntilReady(
      services.map((service) => ({
        name: service.name,
        baseUrl: `http://127.0.0.1:${portOf(options, service)}`,
      })),
      options.readyTimeoutMs,
      Promise.race([serviceExited, abortedWith(abort)]),
    );
  } catch (error) {
    await stop();
    throw new LaunchError(error instanceof Error ? error.message : String(error), { cause: error });
  }

  const extras: [string, string][] = [];
  if (database) extras.push(['mongodb', database.description]);
  if (tracesTo !== undefined) extras.push(['traces', `OTLP to ${tracesTo}`]);
  if (secrets.defaulted.length > 0) {
    extras.push(['tokens', `${secrets.defaulted.join(' ')} (development values)`]);
  }
  reporter.raw(renderUrlTable(rows, extras));

  return {
    rows,
    database: database ?? { uri: '', description: 'not used', stop: () => Promise.resolve() },
    serviceExited,
    stop,
    killNow: running.killNow,
  };
}
