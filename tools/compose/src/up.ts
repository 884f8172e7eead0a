import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { ensureEngine } from './engine.js';
import { isMain } from './is-main.js';
import { STATE_DIR } from './paths.js';
import { say } from './say.js';
import {
  chooseImages,
  compose,
  composeFor,
  containerOf,
  PUBLISHED_PORTS,
  SERVICES,
  takenPorts,
  waitHealthy,
  type Compose,
} from './stack.js';

const HEALTHY_TIMEOUT_MS = 180_000;

/**
 * `npm run compose:up`: a Docker engine (found, or installed and started), the base images
 * (pulled, or made here), every image built, the stack up until every healthcheck passes.
 * Returns the compose command line, for the container check.
 */
export async function up(options: { forCheck?: boolean } = {}): Promise<Compose> {
  await ensureEngine(say);
  const choice = await chooseImages(say, options.forCheck === true);
  const stack = await composeFor(choice, say);
  say(
    [
      `base image: ${choice.nodeImage}${choice.nodeImageIsStandIn ? ' (made here: no registry gives node:20-bookworm-slim)' : ''}`,
      `database: ${choice.mongoIsStandIn ? 'the embedded MongoDB-compatible server (stand-in: no registry gives mongo:8)' : 'mongo:8'}`,
      `broker: ${choice.natsIsStandIn === true ? "Debian's nats-server in node-services/nats:local (stand-in: no registry gives nats:2.10-alpine)" : 'nats:2.10-alpine'}`,
      stack.secretsSource,
    ].join('\n  '),
  );
  if ((await containerOf('products')) === undefined) {
    const taken = await takenPorts();
    if (taken.length > 0) {
      throw new Error(
        `port ${taken.join(', ')} is in use on this machine; the stack publishes ${PUBLISHED_PORTS.join(', ')}`,
      );
    }
  }
  const buildLog = join(STATE_DIR, 'build.log');
  say(`building the images (compose build; log: ${buildLog})`);
  // The first image builds the stages every image shares; the rest then take them from the
  // cache and build side by side (docker-compose 1 builds one at a time unless told).
  const first = await compose(stack, ['build', 'products'], { timeoutMs: 20 * 60_000 });
  const parallel = stack.command[0] === 'docker-compose' ? ['--parallel'] : [];
  const build =
    first.code === 0
      ? await compose(stack, ['build', ...parallel], { timeoutMs: 20 * 60_000 })
      : first;
  writeFileSync(
    buildLog,
    `${first.stdout}${first.stderr}${build === first ? '' : `${build.stdout}${build.stderr}`}`,
  );
  if (build.code !== 0) {
    throw new Error(
      `compose build failed:\n${`${build.stdout}${build.stderr}`.trim().split('\n').slice(-30).join('\n')}`,
    );
  }
  say('starting the stack (compose up --detach)');
  const started = await compose(stack, ['up', '--detach', '--no-build'], { timeoutMs: 5 * 60_000 });
  if (started.code !== 0) throw new Error(`compose up failed:\n${started.stderr.trim()}`);
  say('waiting for every healthcheck');
  await waitHealthy(HEALTHY_TIMEOUT_MS);
  say('every container is healthy:');
  for (const service of SERVICES)
    say(
      `  ${service.name.padEnd(11)} http://localhost:${String(service.launcherPort)}${service.tryPath}`,
    );
  say('stop with: npm run compose:down');
  return stack;
}

if (isMain(import.meta.url)) {
  try {
    await up();
  } catch (error) {
    say(`compose:up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
