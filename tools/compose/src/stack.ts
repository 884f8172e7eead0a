import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readServiceRegistry, type ServiceSpec } from '@repo/launcher';
import { nodeBaseImage, pulled, REGISTRY_MONGO_IMAGE, REGISTRY_NATS_IMAGE } from './base-images.js';
import { run, runOk } from './command.js';
import { composeCommand } from './engine.js';
import { PROJECT_NAME, REPO_ROOT, STATE_DIR } from './paths.js';

export const SERVICES: readonly ServiceSpec[] = readServiceRegistry();

/** NATS's client port, published on this machine's loopback (docker-compose.yml). */
export const NATS_PORT = 4222;

/** The containers' published ports on this machine, database excluded (it publishes none). */
export const PUBLISHED_PORTS = [...SERVICES.map((service) => service.launcherPort), NATS_PORT];

/** How the stack was brought up, kept for compose:down and the container check. */
export interface StackChoice {
  nodeImage: string;
  nodeImageIsStandIn: boolean;
  mongoIsStandIn: boolean;
  /** Debian's nats-server in a local image (compose.nats.yml) instead of the registry's. */
  natsIsStandIn?: boolean;
  /** Brought up by the container check, with its generous database deadline (compose.check.yml). */
  forCheck: boolean;
}

const CHOICE_FILE = join(STATE_DIR, 'stack.json');

export function readChoice(): StackChoice | undefined {
  return existsSync(CHOICE_FILE)
    ? (JSON.parse(readFileSync(CHOICE_FILE, 'utf8')) as StackChoice)
    : undefined;
}

/** A compose command line for the stack: the project, its files, and the secrets' source. */
export interface Compose {
  command: readonly string[];
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Where the secrets come from, said to the user. */
  secretsSource: string;
}

/**
 * The secrets: compose reads `.env` itself when there is one; otherwise the development tokens the
 * services fall back to outside production (those of `npm start`) are handed to compose.
 */
function secretsEnv(): { env: NodeJS.ProcessEnv; source: string } {
  if (existsSync(join(REPO_ROOT, '.env'))) return { env: {}, source: 'secrets from .env' };
  const secrets = SERVICES.flatMap((service) => service.secrets);
  return {
    env: Object.fromEntries(secrets.map((secret) => [secret.variable, secret.developmentValue])),
    source: `no .env: the development tokens of \`npm start\` (${secrets.map((secret) => secret.variable).join(', ')}; services/registry.json)`,
  };
}

export async function composeFor(
  choice: StackChoice,
  say: (line: string) => void,
): Promise<Compose> {
  const secrets = secretsEnv();
  return {
    command: await composeCommand(say),
    args: [
      '--project-name',
      PROJECT_NAME,
      '--file',
      'docker-compose.yml',
      '--file',
      'tools/compose/compose.images.yml',
      ...(choice.mongoIsStandIn ? ['--file', 'tools/compose/compose.embedded-mongo.yml'] : []),
      ...(choice.natsIsStandIn === true ? ['--file', 'tools/compose/compose.nats.yml'] : []),
      ...(choice.forCheck ? ['--file', 'tools/compose/compose.check.yml'] : []),
    ],
    env: { NODE_IMAGE: choice.nodeImage, ...secrets.env },
    secretsSource: secrets.source,
  };
}

/** Runs compose with the stack's files; its output shown unless captured. */
export function compose(
  stack: Compose,
  args: readonly string[],
  options: { show?: boolean; timeoutMs?: number } = {},
) {
  const [command = 'docker', ...rest] = stack.command;
  return run(command, [...rest, ...stack.args, ...args], {
    cwd: REPO_ROOT,
    env: stack.env,
    ...options,
  });
}

export async function composeOk(
  stack: Compose,
  args: readonly string[],
  timeoutMs = 10 * 60_000,
): Promise<string> {
  const [command = 'docker', ...rest] = stack.command;
  return runOk(command, [...rest, ...stack.args, ...args], {
    cwd: REPO_ROOT,
    env: stack.env,
    timeoutMs,
  });
}

/** Chooses the base images (registry's or local stand-ins, making the local node image if needed). */
export async function chooseImages(
  say: (line: string) => void,
  forCheck: boolean,
): Promise<StackChoice> {
  const node = await nodeBaseImage(say);
  const mongoIsStandIn = !(await pulled(REGISTRY_MONGO_IMAGE, say));
  const natsIsStandIn = !(await pulled(REGISTRY_NATS_IMAGE, say));
  const choice = {
    nodeImage: node.image,
    nodeImageIsStandIn: node.standIn,
    mongoIsStandIn,
    natsIsStandIn,
    forCheck,
  };
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(CHOICE_FILE, `${JSON.stringify(choice, null, 2)}\n`);
  return choice;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** The published ports that something else holds on this machine. */
export async function takenPorts(): Promise<number[]> {
  const taken: number[] = [];
  for (const port of PUBLISHED_PORTS) if (!(await portIsFree(port))) taken.push(port);
  return taken;
}

/** The container of a compose service, by its compose labels. */
export async function containerOf(service: string): Promise<string | undefined> {
  const ids = await runOk('docker', [
    'ps',
    '--all',
    '--quiet',
    '--filter',
    `label=com.docker.compose.project=${PROJECT_NAME}`,
    '--filter',
    `label=com.docker.compose.service=${service}`,
  ]);
  return ids
    .trim()
    .split('\n')
    .find((id) => id !== '');
}

/** The compose services of the stack: the database, the broker and every service of the registry. */
export const STACK_SERVICES = ['mongo', 'nats', ...SERVICES.map((service) => service.name)];

async function healthOf(service: string): Promise<string> {
  const id = await containerOf(service);
  if (id === undefined) return 'no container';
  const state = await run('docker', [
    'inspect',
    '--format',
    '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}',
    id,
  ]);
  return state.stdout.trim() || 'unknown';
}

/** Waits until every container of the stack is running and healthy; throws naming those that are not. */
export async function waitHealthy(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await Promise.all(
      STACK_SERVICES.map(async (service) => [service, await healthOf(service)] as const),
    );
    const unhealthy = states.filter(([, state]) => state !== 'running healthy');
    if (unhealthy.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `not healthy after ${String(timeoutMs / 1000)} s: ${unhealthy.map(([service, state]) => `${service} (${state})`).join(', ')}`,
      );
    }
    await sleep(1000);
  }
}
