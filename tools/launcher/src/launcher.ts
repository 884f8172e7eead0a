import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { METRICS_PATH } from '@repo/common';
import { concurrently } from 'concurrently';
import { startEmbeddedDatabase, useExternalMongo, type Database } from './database.js';
import type { LaunchOptions } from './options.js';
import { findPortProblems, type PortClaim } from './ports.js';
import { waitUntilReady } from './readiness.js';
import type { Reporter } from './report.js';
import { SERVICES } from './services.js';
import { renderUrlTable, type ServiceRow } from './table.js';

/** A start-up problem told in the launcher's own words, without a stack. */
export class LaunchError extends Error {
  override name = 'LaunchError';
}

/** How one service ended: its exit code, or the signal that ended it. */
export interface ServiceExit {
  name: string;
  exitCode: number | string;
}

export interface LaunchedSystem {
  rows: readonly ServiceRow[];
  /** Settles with a message when a service exits while nobody asked it to. */
  serviceExited: Promise<string>;
  /** SIGTERM to every service, SIGKILL to what is left after the grace period, then the database stops. */
  stop: () => Promise<readonly ServiceExit[]>;
}

/**
 * `exec`, so that the service's pid is the shell's. tsx is loaded into the service's own node
 * rather than run as its CLI, a second node process per service that only relays signals; the
 * watch mode needs the CLI, to restart the service on a change. Tracing is imported first, so
 * that OpenTelemetry starts before the service's modules load, as ES modules need.
 */
const COMMANDS = {
  source: 'exec node --conditions=development --import tsx{tracing} src/main.ts',
  watch: 'exec tsx watch --conditions=development{tracing} src/main.ts',
  compiled: 'exec node{tracing} dist/main.js',
};

/** Every entry exists and every port is free, or one line per problem, before anything starts. */
async function checkBeforeStarting(options: LaunchOptions, startsDatabase: boolean): Promise<void> {
  const entry = options.mode === 'compiled' ? 'dist/main.js' : 'src/main.ts';
  const problems: string[] = [];
  for (const name of options.services) {
    const file = join(options.root, 'services', name, entry);
    await access(file).catch(() => problems.push(`${name}: ${file} not found`));
  }
  if (problems.length > 0 && options.mode === 'compiled')
    problems.push('run `npm run build` first');
  const claims: PortClaim[] = options.services.map((name) => ({
    port: options.ports[name] ?? 0,
    owner: name,
    hint: `stop whatever holds it or pass --port ${name}=<port>`,
  }));
  if (startsDatabase && !options.inMemory) {
    const hint = 'pass --mongo-port <port>, or set MONGODB_URI to use the server that holds it';
    claims.unshift({ port: options.mongoPort, owner: 'embedded MongoDB', host: '127.0.0.1', hint });
  }
  if (problems.length === 0) problems.push(...(await findPortProblems(claims)));
  if (problems.length > 0) throw new LaunchError(problems.join('\n'));
}

/** Everything `npm start` does up to the URL table. */
export async function launch(
  options: LaunchOptions,
  reporter: Reporter,
  env: NodeJS.ProcessEnv = process.env,
  abort?: AbortSignal,
): Promise<LaunchedSystem> {
  const services = SERVICES.filter(({ name }) => options.services.includes(name));
  const startsDatabase = services.some((service) => service.usesMongo);
  await checkBeforeStarting(options, startsDatabase && options.mongoUri === undefined);
  let database: Database | undefined;
  if (startsDatabase && options.mongoUri !== undefined) {
    reporter.info('using the MongoDB server of MONGODB_URI');
    database = await useExternalMongo(options.mongoUri);
  } else if (startsDatabase) {
    database = await startEmbeddedDatabase({
      ...options,
      port: options.inMemory ? 0 : options.mongoPort,
    });
    reporter.info(`embedded MongoDB answers at ${database.description}`);
  }

  const defaulted: string[] = [];
  const envs = services.map((service) => {
    // Each serves /metrics on its own port here: one METRICS_PORT for all would collide.
    const own: Record<string, string> = {
      PORT: `${options.ports[service.name]}`,
      METRICS_PORT: '',
    };
    // Their stdout is a pipe, so they would log JSON; a person at a terminal gets readable lines.
    if (process.stdout.isTTY && env.LOG_FORMAT === undefined) own.LOG_FORMAT = 'pretty';
    if (service.usesMongo && database) own.MONGODB_URI = database.uri;
    // In production nothing is filled in: the service refuses to start, naming the variable.
    for (const { variable, developmentValue } of service.secrets) {
      if (env[variable] || env.NODE_ENV === 'production') continue;
      own[variable] = developmentValue;
      defaulted.push(`${variable}=${developmentValue}`);
    }
    return own;
  });
  if (defaulted.length > 0) {
    reporter.warn(
      `using development tokens (${defaulted.join(', ')}); set these variables for anything shared`,
    );
  }
  reporter.info(`starting ${options.services.join(', ')} (${options.mode}, a process each)`);
  // The standard OpenTelemetry variables, which @repo/common/tracing reads and validates.
  const tracesTo =
    env.OTEL_SDK_DISABLED === 'true'
      ? undefined
      : env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
  const tracing = tracesTo === undefined ? '' : ' --import @repo/common/tracing';
  // concurrently passes the launcher's SIGINT, SIGTERM and SIGHUP on to every service itself.
  const { commands, result } = concurrently(
    services.map((service, index) => ({
      command: COMMANDS[options.mode].replace('{tracing}', tracing),
      name: service.name,
      cwd: join(options.root, service.dir),
      env: envs[index],
    })),
    { prefix: 'name', prefixColors: ['cyan', 'magenta', 'yellow', 'green', 'blue'] },
  );
  // Whatever ends the launcher, no service may outlive it.
  process.once('exit', () => {
    for (const { pid, state } of commands)
      if (pid && state === 'started') process.kill(pid, 'SIGKILL');
  });

  let stopped: Promise<readonly ServiceExit[]> | undefined;
  const stop = (): Promise<readonly ServiceExit[]> =>
    (stopped ??= (async () => {
      // A service told already (by concurrently) takes a second signal within a second as the same one.
      for (const command of commands) command.kill('SIGTERM');
      const force = setTimeout(() => {
        reporter.warn(`services still running after ${options.stopGraceMs} ms; killing them`);
        for (const command of commands) command.kill('SIGKILL');
      }, options.stopGraceMs);
      const events = await result.catch((closed: Awaited<typeof result>) => closed);
      clearTimeout(force);
      await database?.stop();
      return events.map(({ command, exitCode }) => ({ name: command.name, exitCode }));
    })());
  const serviceExited = new Promise<string>((resolve) => {
    for (const { close, name } of commands) {
      close.subscribe(({ exitCode }) => {
        if (!stopped) resolve(`${name} exited with code ${exitCode}; see its lines above`);
      });
    }
  });
  const aborted = new Promise<string>((resolve) => {
    const reason = (): void => resolve(`stopped before every service was ready (${abort?.reason})`);
    if (abort?.aborted) reason();
    else abort?.addEventListener('abort', reason);
  });

  const url = (name: string): string => `http://localhost:${options.ports[name]}`;
  try {
    const readyz = options.services.map((name) => [
      name,
      `http://127.0.0.1:${options.ports[name]}`,
    ]);
    await waitUntilReady(
      Object.fromEntries(readyz),
      options.readyTimeoutMs,
      Promise.race([serviceExited, aborted]),
    );
  } catch (error) {
    await stop();
    throw new LaunchError(error instanceof Error ? error.message : String(error));
  }
  const rows = services.map(({ name, tryPath }) => {
    const metricsUrl = env.METRICS === 'off' ? undefined : `${url(name)}${METRICS_PATH}`;
    return { name, url: url(name), tryPath, metricsUrl };
  });
  const extras: [string, string][] = [];
  if (database) extras.push(['mongodb', database.description]);
  if (tracesTo !== undefined) extras.push(['traces', `OTLP to ${tracesTo}`]);
  if (defaulted.length > 0) extras.push(['tokens', `${defaulted.join(' ')} (development values)`]);
  reporter.raw(renderUrlTable(rows, extras));
  return { rows, serviceExited, stop };
}
