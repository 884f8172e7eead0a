import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SECRETS, SERVICE_NAMES, SERVICES } from './services.js';

/** How each service runs: from source (tsx), from source reloading on change (tsx watch), or compiled. */
export type RunMode = 'source' | 'watch' | 'compiled';

export interface LaunchOptions {
  /** Repository root; service folders and the default data directory are relative to it. */
  root: string;
  mode: RunMode;
  services: readonly string[];
  ports: Readonly<Record<string, number>>;
  /** An external MongoDB to use instead of the embedded server, which keeps its files in `<dataDir>/mongo`. */
  mongoUri?: string | undefined;
  mongoPort: number;
  dataDir: string;
  inMemory?: boolean;
  readyTimeoutMs: number;
  stopGraceMs: number;
}

const portVariableOf = (name: string): string => `${name.toUpperCase().replace(/-/g, '_')}_PORT`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `usage: npm start -- [options]      (npm run dev: the same with reload on change)

  --watch                   restart a service when its source changes (tsx watch)
  --compiled                run services/<name>/dist/main.js (npm run build first)
  --services a,b            run only these services (${SERVICE_NAMES.join(', ')})
  --port <service>=<port>   move one service (repeatable); env: ${SERVICES.map((s) => portVariableOf(s.name)).join(', ')}
  --mongo-port <port>       port of the embedded MongoDB server (default 27017); env: EMBEDDED_MONGO_PORT
  --data-dir <dir>          local data folder (default .data); env: DATA_DIR
  --ready-timeout <sec>     how long the services get to become ready (default 60)
  -h, --help                show this help

MONGODB_URI set: use that server instead of starting the embedded one.
${SECRETS.map((secret) => secret.variable).join(', ')}: development values unless set.
`;

function parsePort(text: string, what: string): number {
  // Port 0 ("any free port") is refused: the launcher must know each port to ask for readiness.
  if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 65535) return Number(text);
  throw new UsageError(`${what} must be a port number between 1 and 65535, got "${text}"`);
}

function parseServiceList(text: string): string[] {
  const names = text.split(',').map((name) => name.trim());
  if (names.every((name) => SERVICE_NAMES.includes(name))) {
    return SERVICE_NAMES.filter((name) => names.includes(name)); // in table order
  }
  const expected = SERVICE_NAMES.join(', ');
  throw new UsageError(`--services takes a comma-separated list of ${expected}; got "${text}"`);
}

function parsePorts(assignments: readonly string[], env: NodeJS.ProcessEnv) {
  const ports: Record<string, number> = {};
  for (const { name, launcherPort } of SERVICES) {
    const variable = portVariableOf(name);
    ports[name] = env[variable] ? parsePort(env[variable], variable) : launcherPort;
  }
  for (const assignment of assignments) {
    const [, name = '', port = ''] = /^([^=]*)=(.*)$/.exec(assignment) ?? [];
    if (!SERVICE_NAMES.includes(name)) {
      const expected = `<service>=<port> with a service among ${SERVICE_NAMES.join(', ')}`;
      throw new UsageError(`--port takes ${expected}; got "${assignment}"`);
    }
    ports[name] = parsePort(port, `--port ${name}`);
  }
  return ports;
}

/** Reads the launcher's flags and environment; flags win over environment variables. */
export function parseCommandLine(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  root: string,
): { help: true } | { help: false; options: LaunchOptions } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        watch: { type: 'boolean' },
        compiled: { type: 'boolean' },
        services: { type: 'string' },
        port: { type: 'string', multiple: true, default: [] },
        'mongo-port': { type: 'string' },
        'data-dir': { type: 'string' },
        'ready-timeout': { type: 'string', default: '60' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { help: true };
  if (values.watch && values.compiled)
    throw new UsageError('--watch and --compiled cannot be combined');
  const readySeconds = Number(values['ready-timeout']);
  if (!(readySeconds > 0)) {
    const given = values['ready-timeout'];
    throw new UsageError(`--ready-timeout must be a positive number of seconds, got "${given}"`);
  }
  const services = values.services ? parseServiceList(values.services) : [...SERVICE_NAMES];
  const ports = parsePorts(values.port, env);
  const mongoUri = env.MONGODB_URI || undefined;
  const mongoPortText = values['mongo-port'] ?? env.EMBEDDED_MONGO_PORT;
  const mongoPort = mongoPortText ? parsePort(mongoPortText, '--mongo-port') : 27017;
  const owners = new Map<number, string>(mongoUri ? [] : [[mongoPort, 'embedded MongoDB']]);
  for (const name of services) {
    const owner = owners.get(ports[name] ?? 0);
    if (owner) throw new UsageError(`port ${ports[name]} is given to both ${owner} and ${name}`);
    owners.set(ports[name] ?? 0, name);
  }
  // A folder given by flag or variable is taken from where the command runs; the default lives at the root.
  const dataDir = resolve(values['data-dir'] || env.DATA_DIR || resolve(root, '.data'));
  const mode: RunMode = values.watch ? 'watch' : values.compiled ? 'compiled' : 'source';
  const stopGraceMs = 15_000;
  const options = { root, mode, services, ports, mongoUri, mongoPort, dataDir, stopGraceMs };
  return { help: false, options: { ...options, readyTimeoutMs: readySeconds * 1000 } };
}
