/**
 * CI check of the production builds (run after `npm run build`, itself compiled):
 * 1. every service's compiled entry, started with `node` and NODE_ENV=production against an
 *    in-memory embedded MongoDB server, answers `/healthz` and `/readyz` with 200 and stops
 *    with exit code 0 on SIGTERM;
 * 2. a service whose secret is missing refuses to start in production and names the variable.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedMongo } from '@repo/embedded-mongo';
import { launch } from './launcher.js';
import type { LaunchOptions } from './options.js';
import { freePort } from './ports.js';
import { consoleReporter } from './report.js';
import { SECRETS, SERVICE_NAMES, SERVICES, type ServiceName } from './services.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const failures: string[] = [];

function say(message: string): void {
  process.stdout.write(`[check-production] ${message}\n`);
}

async function freePorts(): Promise<Record<ServiceName, number>> {
  const ports: Record<ServiceName, number> = {};
  for (const name of SERVICE_NAMES) ports[name] = await freePort();
  return ports;
}

async function expectStatus(name: string, url: string, status: number): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  await response.body?.cancel();
  if (response.status !== status) {
    failures.push(`${name}: GET ${url} answered ${response.status}, expected ${status}`);
  }
}

async function checkAllServicesRun(): Promise<void> {
  for (const secret of SECRETS) {
    process.env[secret.variable] =
      `ci-${secret.variable.toLowerCase()}-${randomBytes(8).toString('hex')}`;
  }
  // The launcher's children inherit this process's environment.
  process.env.NODE_ENV = 'production';
  process.env.LOG_LEVEL = 'warn';
  delete process.env.MONGODB_URI;
  const options: LaunchOptions = {
    root,
    mode: 'compiled',
    // As the image runs it: `node dist/main.js`, a process of its own.
    services: SERVICE_NAMES,
    ports: await freePorts(),
    mongoPort: 0,
    dataDir: join(root, '.data'),
    inMemory: true,
    readyTimeoutMs: 30_000,
    stopGraceMs: 10_000,
  };
  // The URL table is for people; here the checks below say what answered.
  const system = await launch(options, { ...consoleReporter, raw: () => undefined });
  for (const row of system.rows) {
    await expectStatus(row.name, `${row.url}/healthz`, 200);
    await expectStatus(row.name, `${row.url}/readyz`, 200);
    say(`${row.name}: node dist/main.js with NODE_ENV=production answers /healthz and /readyz`);
  }
  const exits = await system.stop();
  for (const exit of exits) {
    if (exit.exitCode !== 0) {
      failures.push(`${exit.name}: exited with ${exit.exitCode} after SIGTERM, expected 0`);
    }
  }
  if (exits.length !== SERVICES.length) {
    failures.push(`expected ${SERVICES.length} services to exit, saw ${exits.length}`);
  }
}

/** Runs one compiled service without `variable` and expects it to refuse to start, naming it. */
async function checkSecretRequired(
  service: ServiceName,
  variable: string,
  mongoUri: string,
): Promise<void> {
  const dir = SERVICES.find((spec) => spec.name === service)?.dir ?? '';
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(await freePort()),
    MONGODB_URI: mongoUri,
    LOG_LEVEL: 'info',
  };
  delete env[variable];
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: join(root, dir),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  if (code !== 1 || !output.includes(variable)) {
    failures.push(
      `${service}: without ${variable} in production expected exit 1 naming it, got exit ${code}: ${output.trim()}`,
    );
    return;
  }
  say(`${service}: refuses to start in production without ${variable}`);
}

async function main(): Promise<void> {
  await checkAllServicesRun();
  const database = await startEmbeddedMongo({ inMemory: true });
  try {
    for (const secret of SECRETS) {
      await checkSecretRequired(secret.service, secret.variable, database.uri);
    }
  } finally {
    await database.stop();
  }
  if (failures.length > 0) {
    process.stderr.write(
      `[check-production] FAILED\n${failures.map((f) => `  - ${f}`).join('\n')}\n`,
    );
    process.exit(1);
  }
  say('all production checks passed');
}

await main();
