import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describeMongoHost, METRICS_PATH } from '@repo/common/addresses';
import { concurrently } from 'concurrently';
import { startEmbeddedDatabase, type Database } from './database.js';
import type { LaunchOptions } from './options.js';
import { findPortProblems, type PortClaim } from './ports.js';
import { waitUntilReady } from './readiness.js';
import type { Reporter } from './report.js';
import { SERVICES } from './services.js';
import { SERVICE_SCRIPTS } from './service-scripts.js';
import { renderUrlTable } from './table.js';

/** A start-up problem told in the launcher's own words, without a stack. */
export class LaunchError extends Error {
  override name = 'LaunchError';
}

/** How one service ended: its exit code, or the signal that ended it. */
export type ServiceExit = { name: string; exitCode: number | string };

// `exec`: the service's pid is the shell's.
const COMMANDS = {
  source: `exec ${SERVICE_SCRIPTS.start}`,
  watch: `exec ${SERVICE_SCRIPTS.dev}`,
  compiled: `exec ${SERVICE_SCRIPTS['start:prod']}`,
};

/** The builds exist and every port is free, or one line per problem, before anything starts. */
async function checkBeforeStarting(options: LaunchOptions, startsDatabase: boolean): Promise<void> {
  const build = (name: string): string => join(options.root, 'services', name, 'dist/main.js');
  const unbuilt = options.services.filter((name) => !existsSync(build(name)));
  if (options.mode === 'compiled' && unbuilt.length > 0)
    throw new LaunchError(`${unbuilt.map(build).join(', ')}: run \`npm run build\` first`);
  const claims: PortClaim[] = options.services.map((name) => ({
    port: options.ports[name] ?? 0,
    owner: name,
    hint: `stop whatever holds it or pass --port ${name}=<port>`,
  }));
  if (startsDatabase && !options.inMemory) {
    const hint = 'pass --mongo-port <port>, or set MONGODB_URI to use the server that holds it';
    claims.unshift({ port: options.mongoPort, owner: 'embedded MongoDB', host: '127.0.0.1', hint });
  }
  const problems = await findPortProblems(claims);
  if (problems.length > 0) throw new LaunchError(problems.join('\n'));
}

/**
 * Everything `npm start` does up to the URL table (`stopRequested` settles on a stop meanwhile).
 * Then `serviceExited` settles when a service exits while nobody asked it to, and `stop` sends
 * every service SIGTERM (SIGKILL after the grace period), then stops the database.
 */
export async function launch(
  options: LaunchOptions,
  reporter: Reporter,
  env: NodeJS.ProcessEnv = process.env,
  stopRequested = new Promise<string>(() => undefined),
) {
  const services = SERVICES.filter(({ name }) => options.services.includes(name));
  const usesMongo = services.some((service) => service.usesMongo);
  const { mongoUri } = options;
  await checkBeforeStarting(options, usesMongo && mongoUri === undefined);
  let database: Database | undefined;
  if (usesMongo && mongoUri !== undefined) {
    const description = `${describeMongoHost(mongoUri)} (MONGODB_URI)`;
    database = { uri: mongoUri, description, stop: () => Promise.resolve() };
  } else if (usesMongo) {
    const port = options.inMemory ? 0 : options.mongoPort;
    database = await startEmbeddedDatabase({ ...options, port });
  }
  if (database) reporter.info(`MongoDB: ${database.description}`);

  const defaulted: string[] = [];
  const envs = services.map((service) => {
    // Each serves /metrics on its own port here: one METRICS_PORT for all would collide.
    const own: Record<string, string> = { PORT: String(options.ports[service.name]) };
    own.METRICS_PORT = '';
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
  const tokens = defaulted.join(', ');
  if (tokens) reporter.warn(`using development tokens (${tokens}); set them for anything shared`);
  reporter.info(`starting ${options.services.join(', ')} (${options.mode}, a process each)`);
  // The standard OpenTelemetry variables, which @repo/common/tracing reads and validates.
  const tracesTo =
    env.OTEL_SDK_DISABLED === 'true'
      ? undefined
      : env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
  // concurrently passes the launcher's SIGINT, SIGTERM and SIGHUP on to every service itself.
  const { commands, result } = concurrently(
    services.map(({ name, dir }, index) => ({
      command: COMMANDS[options.mode],
      name,
      cwd: join(options.root, dir),
      env: envs[index],
    })),
    { prefix: 'name', prefixColors: ['cyan', 'magenta', 'yellow', 'green', 'blue'] },
  );
  // Whatever ends the launcher, no service may outlive it.
  process.once('exit', () => {
    for (const { pid, state } of commands) if (pid && state === 'started') process.kill(pid);
  });

  let stopped: Promise<readonly ServiceExit[]> | undefined;
  const stop = (): Promise<readonly ServiceExit[]> =>
    (stopped ??= (async () => {
      // A service told already (by concurrently) takes a second signal within a second as the same.
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
        if (!stopped) resolve(`${name} exited with code ${exitCode} (see its lines above)`);
      });
    }
  });
  try {
    const ports = Object.fromEntries(services.map(({ name }) => [name, options.ports[name] ?? 0]));
    const abandon = Promise.race([serviceExited, stopRequested]);
    await waitUntilReady(ports, options.readyTimeoutMs, abandon);
  } catch (error) {
    await stop();
    throw new LaunchError(error instanceof Error ? error.message : String(error));
  }

  const rows = services.map(({ name, tryPath }) => {
    const url = `http://localhost:${options.ports[name]}`;
    const metricsUrl = env.METRICS === 'off' ? undefined : url + METRICS_PATH;
    return { name, url, tryPath, metricsUrl };
  });
  const extras: [string, string][] = database ? [['mongodb', database.description]] : [];
  const pages = services.flatMap(({ name, pages = [] }) =>
    pages.map((path) => `http://localhost:${options.ports[name]}${path}`),
  );
  if (pages.length > 0) extras.push(['pages', pages.join('  ')]);
  if (tracesTo !== undefined) extras.push(['traces', `OTLP to ${tracesTo}`]);
  if (tokens) extras.push(['tokens', `${defaulted.join(' ')} (development values)`]);
  reporter.raw(renderUrlTable(rows, extras));
  return { rows, serviceExited, stop };
}
