import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_MONGO_PORT,
  SECRETS,
  SERVICE_NAMES,
  SERVICES,
  isServiceName,
  portVariableOf,
  type ServiceName,
} from './services.js';

/** How each service is run: from source, from source with reload (tsx watch), or compiled (node dist). */
export type RunMode = 'source' | 'watch' | 'compiled';

export interface LaunchOptions {
  /** Repository root; service folders and the default data directory are relative to it. */
  root: string;
  mode: RunMode;
  /**
   * One node process per service, as deployed, instead of a thread each in the launcher's
   * process (always so with reload: tsx watch restarts a process).
   */
  processes: boolean;
  services: readonly ServiceName[];
  ports: Readonly<Record<ServiceName, number>>;
  /** An external MongoDB to use instead of the embedded server. */
  mongoUri?: string | undefined;
  /** Port of the embedded server (ignored with mongoUri). */
  mongoPort: number;
  /** Root of the local data; the embedded server keeps its files in `<dataDir>/mongo`. */
  dataDir: string;
  /** Keep the embedded server's data in memory only (production checks). */
  inMemory?: boolean;
  /** How long the services get to answer `/readyz` with 200. */
  readyTimeoutMs: number;
  /** How long a stopping service gets before it is killed. */
  stopGraceMs: number;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `usage: npm start -- [options]      (npm run dev: the same with reload on change)

  --watch                   restart a service when its source changes (tsx watch; a process each)
  --compiled                run the compiled entries (services/<name>/dist/main.js; npm run build first)
  --processes               run each service as a node process of its own instead of a thread
  --services a,b            run only these services (${SERVICE_NAMES.join(', ')})
  --port <service>=<port>   move one service (repeatable); env: ${SERVICES.map((s) => portVariableOf(s.name)).join(', ')}
  --mongo-port <port>       port of the embedded MongoDB server (default ${DEFAULT_MONGO_PORT}); env: EMBEDDED_MONGO_PORT
  --data-dir <dir>          local data folder (default .data); env: DATA_DIR
  --ready-timeout <sec>     how long the services get to become ready (default 60)
  -h, --help                show this help

MONGODB_URI set: use that server instead of starting the embedded one.
${SECRETS.map((secret) => secret.variable).join(', ')}: development values unless set.
`;

type Env = Readonly<Record<string, string | undefined>>;

function parsePort(text: string, what: string): number {
  // Port 0 ("any free port") is refused: the launcher must know each port to ask for readiness.
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 65535) {
    throw new UsageError(`${what} must be a port number between 1 and 65535, got "${text}"`);
  }
  return Number(text);
}

function parsePositiveSeconds(text: string, what: string): number {
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new UsageError(`${what} must be a positive number of seconds, got "${text}"`);
  }
  return seconds * 1000;
}

function parseServiceList(text: string): ServiceName[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !isServiceName(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(
      `--services takes a comma-separated list of ${SERVICE_NAMES.join(', ')}; got "${text}"`,
    );
  }
  // Keep the table order whatever order the names came in.
  return SERVICE_NAMES.filter((name) => names.includes(name));
}

function parsePorts(assignments: readonly string[], env: Env): Record<ServiceName, number> {
  const ports: Record<ServiceName, number> = {};
  for (const service of SERVICES) {
    const variable = portVariableOf(service.name);
    const fromEnv = env[variable];
    ports[service.name] =
      fromEnv === undefined || fromEnv === '' ? service.launcherPort : parsePort(fromEnv, variable);
  }
  for (const assignment of assignments) {
    const match = /^([a-z][a-z0-9-]*)=(.*)$/.exec(assignment);
    const name = match?.[1];
    const value = match?.[2];
    if (name === undefined || value === undefined || !isServiceName(name)) {
      throw new UsageError(
        `--port takes <service>=<port> with a service among ${SERVICE_NAMES.join(', ')}; got "${assignment}"`,
      );
    }
    ports[name] = parsePort(value, `--port ${name}`);
  }
  return ports;
}

function duplicatePorts(
  services: readonly ServiceName[],
  ports: Readonly<Record<ServiceName, number>>,
  mongoPort: number | undefined,
): string | undefined {
  const owners = new Map<number, string>();
  if (mongoPort !== undefined) owners.set(mongoPort, 'embedded MongoDB');
  for (const name of services) {
    const port = ports[name];
    if (port === undefined) continue;
    const owner = owners.get(port);
    if (owner !== undefined) return `port ${port} is given to both ${owner} and ${name}`;
    owners.set(port, name);
  }
  return undefined;
}

export type ParsedCommandLine = { help: true } | { help: false; options: LaunchOptions };

/** Reads the launcher's flags and environment; flags win over environment variables. */
export function parseCommandLine(
  args: readonly string[],
  env: Env,
  root: string,
): ParsedCommandLine {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        watch: { type: 'boolean', default: false },
        compiled: { type: 'boolean', default: false },
        processes: { type: 'boolean', default: false },
        services: { type: 'string' },
        port: { type: 'string', multiple: true, default: [] },
        'mongo-port': { type: 'string' },
        'data-dir': { type: 'string' },
        'ready-timeout': { type: 'string', default: '60' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { help: true };
  if (values.watch && values.compiled) {
    throw new UsageError('--watch and --compiled cannot be combined');
  }

  const services =
    values.services === undefined ? [...SERVICE_NAMES] : parseServiceList(values.services);
  const ports = parsePorts(values.port, env);
  const mongoUri = env.MONGODB_URI === '' ? undefined : env.MONGODB_URI;
  const mongoPortText = values['mongo-port'] ?? env.EMBEDDED_MONGO_PORT;
  const mongoPort =
    mongoPortText === undefined || mongoPortText === ''
      ? DEFAULT_MONGO_PORT
      : parsePort(mongoPortText, '--mongo-port');
  const duplicate = duplicatePorts(services, ports, mongoUri === undefined ? mongoPort : undefined);
  if (duplicate !== undefined) throw new UsageError(duplicate);

  // A folder given by flag or variable is taken from where the command runs; the default lives at the root.
  const dataDirText = values['data-dir'] ?? (env.DATA_DIR || undefined);
  const dataDir =
    dataDirText === undefined
      ? resolve(root, '.data')
      : isAbsolute(dataDirText)
        ? dataDirText
        : resolve(dataDirText);

  return {
    help: false,
    options: {
      root,
      mode: values.watch ? 'watch' : values.compiled ? 'compiled' : 'source',
      processes: values.processes || values.watch,
      services,
      ports,
      mongoUri,
      mongoPort,
      dataDir,
      readyTimeoutMs: parsePositiveSeconds(values['ready-timeout'], '--ready-timeout'),
      stopGraceMs: 15_000,
    },
  };
}
