/**
 * CI check of the Dockerfile's dependency step, without a Docker engine (run after
 * `npm run build`, itself compiled). For each service it does what the `deps` and `runtime`
 * stages do: copy the manifests, narrow the workspaces with docker/keep-workspaces.mjs, run
 * `npm ci --omit=dev --omit=optional --ignore-scripts`, add the compiled code, then starts
 * `node --import @repo/common/tracing dist/main.js` (the image's command) with NODE_ENV=production
 * and tracing on from that tree and expects `/readyz` to answer 200. A service that needs a package
 * it does not declare as a production dependency fails here, tracing's included.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './launcher.js';
import type { LaunchOptions } from './options.js';
import { freePort } from './ports.js';
import { consoleReporter } from './report.js';
import type { ServiceSpec } from './registry.js';
import { SECRETS, SERVICES, type ServiceName } from './services.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const keepWorkspaces = join(root, 'tools/launcher/docker/keep-workspaces.mjs');

function say(message: string): void {
  process.stdout.write(`[check-image-dependencies] ${message}\n`);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The `manifests` stage: the root package.json, the lock and every workspace's package.json. */
async function copyManifests(target: string): Promise<void> {
  await cp(join(root, 'package.json'), join(target, 'package.json'));
  await cp(join(root, 'package-lock.json'), join(target, 'package-lock.json'));
  for (const group of ['packages', 'services', 'tools']) {
    for (const name of await readdir(join(root, group))) {
      const manifest = join(group, name, 'package.json');
      if (!(await exists(join(root, manifest)))) continue;
      await mkdir(dirname(join(target, manifest)), { recursive: true });
      await cp(join(root, manifest), join(target, manifest));
    }
  }
}

/** The `runtime` stage's copies: the compiled code of every workspace package kept. */
async function copyCompiledCode(target: string): Promise<void> {
  for (const group of ['packages', 'services', 'tools']) {
    if (!(await exists(join(target, group)))) continue;
    for (const name of await readdir(join(target, group))) {
      const dist = join(group, name, 'dist');
      if (!(await exists(join(root, dist)))) {
        throw new Error(`${dist} not found; run \`npm run build\` first`);
      }
      await cp(join(root, dist), join(target, dist), { recursive: true });
    }
  }
}

async function checkService(service: ServiceSpec): Promise<string | undefined> {
  const tree = await mkdtemp(join(tmpdir(), `image-${service.name}-`));
  try {
    await copyManifests(tree);
    execFileSync(process.execPath, [keepWorkspaces, service.name], { cwd: tree, stdio: 'inherit' });
    execFileSync(
      'npm',
      ['ci', '--omit=dev', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await copyCompiledCode(tree);

    const ports: Record<ServiceName, number> = {};
    for (const spec of SERVICES) ports[spec.name] = await freePort();
    const options: LaunchOptions = {
      root: tree,
      mode: 'compiled',
      // As the image runs it: `node dist/main.js`, a process of its own.
      services: [service.name],
      ports,
      mongoPort: 0,
      dataDir: join(tree, '.data'),
      inMemory: true,
      readyTimeoutMs: 30_000,
      stopGraceMs: 10_000,
    };
    const system = await launch(options, { ...consoleReporter, raw: () => undefined });
    const exits = await system.stop();
    const unclean = exits.filter((exit) => exit.exitCode !== 0);
    if (unclean.length > 0) return `${service.name}: exited with ${unclean[0]?.exitCode}`;
    say(`${service.name}: runs in production from its image's dependency tree`);
    return undefined;
  } catch (error) {
    return `${service.name}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await rm(tree, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  process.env.NODE_ENV = 'production';
  process.env.LOG_LEVEL = 'warn';
  delete process.env.MONGODB_URI;
  // Tracing on, so every OpenTelemetry module is loaded from the image's tree. Nothing listens
  // there: the probes are not traced, so no span is ever sent.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = 'http://127.0.0.1:4318';
  for (const secret of SECRETS) {
    process.env[secret.variable] = `ci-${secret.variable.toLowerCase()}`;
  }
  const failures: string[] = [];
  for (const service of SERVICES) {
    const failure = await checkService(service);
    if (failure !== undefined) failures.push(failure);
  }
  if (failures.length > 0) {
    process.stderr.write(
      `[check-image-dependencies] FAILED\n${failures.map((f) => `  - ${f}`).join('\n')}\n`,
    );
    process.exit(1);
  }
  say('every service runs from the dependencies its image installs');
}

await main();
