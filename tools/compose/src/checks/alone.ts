import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceSpec } from '@repo/launcher';
import { run, runOk } from '../command.js';
import { CheckFailure, request } from '../http.js';
import { REPO_ROOT } from '../paths.js';

const NETWORK = 'node-services-alone';
const DATABASE = 'node-services-alone-mongo';

/** The database a service alone talks to: the stack's database image, in memory where it is the stand-in. */
export async function startDatabase(mongoImage: string, standIn: boolean): Promise<void> {
  await run('docker', ['rm', '--force', DATABASE]);
  await run('docker', ['network', 'rm', NETWORK]);
  await runOk('docker', ['network', 'create', NETWORK]);
  const command = standIn
    ? ['node', 'dist/cli.js', '--host', '0.0.0.0', '--port', '27017', '--in-memory']
    : [];
  await runOk('docker', [
    'run',
    '--detach',
    '--name',
    DATABASE,
    '--network',
    NETWORK,
    mongoImage,
    ...command,
  ]);
}

export async function removeDatabase(): Promise<void> {
  await run('docker', ['rm', '--force', DATABASE]);
  await run('docker', ['network', 'rm', NETWORK]);
}

/** `docker build --build-arg SERVICE=<name>` of one image (the builder's cache makes it quick). */
export async function buildAlone(service: string, nodeImage: string): Promise<string> {
  const image = `node-services/${service}:alone`;
  await runOk(
    'docker',
    [
      'build',
      '--quiet',
      '--build-arg',
      `SERVICE=${service}`,
      '--build-arg',
      `NODE_IMAGE=${nodeImage}`,
      '--tag',
      image,
      '.',
    ],
    {
      cwd: REPO_ROOT,
      env: { DOCKER_BUILDKIT: '0' },
      timeoutMs: 10 * 60_000,
    },
  );
  return image;
}

/** Only the variables the service's README documents: its port, its database, its secrets. */
function documentedEnv(spec: ServiceSpec, secrets: boolean): string[] {
  const env = [`PORT=${String(spec.launcherPort)}`];
  if (spec.usesMongo) env.push(`MONGODB_URI=mongodb://${DATABASE}:27017`);
  if (secrets)
    env.push(
      ...spec.secrets.map((secret) => `${secret.variable}=alone-${secret.developmentValue}`),
    );
  return env;
}

/** Runs the image alone: it answers /readyz (through an ephemeral host port) and stops on SIGTERM with 0. */
export async function runAlone(spec: ServiceSpec, image: string): Promise<string> {
  const name = `node-services-alone-${spec.name}`;
  await run('docker', ['rm', '--force', name]);
  const env = documentedEnv(spec, true).flatMap((variable) => ['--env', variable]);
  await runOk('docker', [
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    NETWORK,
    '--publish',
    `127.0.0.1::${String(spec.launcherPort)}`,
    ...env,
    image,
  ]);
  try {
    const hostPort =
      (await runOk('docker', ['port', name, String(spec.launcherPort)]))
        .trim()
        .split('\n')[0]
        ?.split(':')
        .at(-1) ?? '';
    const deadline = Date.now() + 60_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      ready =
        (await request(`http://127.0.0.1:${hostPort}/readyz`).catch(() => undefined))?.status ===
        200;
      if (!ready) await sleep(500);
    }
    if (!ready)
      throw new CheckFailure(
        `no /readyz 200 within 60 s:\n${(await run('docker', ['logs', '--tail', '10', name])).stderr}`,
      );
    const began = Date.now();
    await runOk('docker', ['stop', '--time', '20', name]);
    const stoppedMs = Date.now() - began;
    const exitCode = (
      await runOk('docker', ['inspect', '--format', '{{.State.ExitCode}}', name])
    ).trim();
    if (exitCode !== '0') throw new CheckFailure(`exit code ${exitCode} after SIGTERM`);
    return `ready, stopped by SIGTERM in ${(stoppedMs / 1000).toFixed(1)} s with exit code 0`;
  } finally {
    await run('docker', ['rm', '--force', name]);
  }
}

/** In production mode (the image's), a missing secret stops the service with a message naming it. */
export async function missingSecret(
  spec: ServiceSpec,
  image: string,
  variable: string,
): Promise<void> {
  const env = documentedEnv(spec, true)
    .filter((entry) => !entry.startsWith(`${variable}=`))
    .flatMap((entry) => ['--env', entry]);
  const result = await run('docker', ['run', '--rm', '--network', NETWORK, ...env, image], {
    timeoutMs: 60_000,
  });
  const output = `${result.stdout}${result.stderr}`;
  if (result.code === 0 || result.code === null)
    throw new CheckFailure(`without ${variable} it exited with ${String(result.code)}`);
  if (!output.includes(variable))
    throw new CheckFailure(
      `without ${variable} its message does not name it: ${output.slice(0, 300)}`,
    );
}
