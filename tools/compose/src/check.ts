import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runOk } from './command.js';
import { down } from './down.js';
import { REGISTRY_MONGO_IMAGE } from './base-images.js';
import {
  buildAlone,
  missingSecret,
  removeDatabase,
  runAlone,
  startDatabase,
} from './checks/alone.js';
import {
  readBack,
  replayKeyed,
  writeKeyed,
  writeRecords,
  type KeyedWrite,
} from './checks/durability.js';
import { FLOWS, probes, type Target } from './checks/flows.js';
import { checkImageContents, imageOf, imageSize } from './checks/images.js';
import { orderEventsReachStream } from './checks/order-events.js';
import { startLoad } from './checks/stop-under-load.js';
import { CheckFailure } from './http.js';
import { REPO_ROOT } from './paths.js';
import {
  compose,
  containerOf,
  NATS_PORT,
  readChoice,
  SERVICES,
  waitHealthy,
  type Compose,
} from './stack.js';
import { up } from './up.js';

/**
 * `npm run test:compose`: compose:up, then the stack checked through its real containers over the
 * published ports, then compose:down (which stops the engine if compose:up started it). Prints one
 * line per check and `N passed, N failed`; exits 1 when a check fails or the stack cannot be run.
 */
const MONGO_SERVICES = SERVICES.filter((service) => service.usesMongo).map(
  (service) => service.name,
);
const STOP_GRACE_S = 10;
const began = Date.now();
const results: { name: string; ok: boolean }[] = [];

async function check(name: string, body: () => Promise<string | undefined | void>): Promise<void> {
  const start = Date.now();
  try {
    const detail = await body();
    results.push({ name, ok: true });
    process.stdout.write(
      `✓ ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)${detail ? `: ${detail}` : ''}\n`,
    );
  } catch (error) {
    results.push({ name, ok: false });
    const message =
      error instanceof CheckFailure || error instanceof Error ? error.message : String(error);
    process.stdout.write(`✗ ${name}: ${message}\n`);
  }
}

function dotEnv(): Record<string, string> {
  const file = join(REPO_ROOT, '.env');
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line))
      .flatMap((match) =>
        match?.[1] !== undefined && match[2] !== undefined ? [[match[1], match[2].trim()]] : [],
      ),
  );
}

function targetOf(stack: Compose): Target {
  const fromFile = dotEnv();
  return {
    url: (service) =>
      `http://127.0.0.1:${String(SERVICES.find((spec) => spec.name === service)?.launcherPort ?? 0)}`,
    secret: (variable) => fromFile[variable] ?? stack.env[variable] ?? '',
  };
}

async function restartAndWait(stack: Compose, services: readonly string[]): Promise<void> {
  const result = await compose(stack, ['restart', ...services], { timeoutMs: 120_000 });
  if (result.code !== 0)
    throw new CheckFailure(`compose restart ${services.join(' ')} failed: ${result.stderr}`);
  await waitHealthy(120_000);
}

async function checks(stack: Compose): Promise<void> {
  const target = targetOf(stack);
  const choice = readChoice();
  for (const service of SERVICES)
    await check(`${service.name}: /healthz and /readyz answer 200`, () =>
      probes(target, service.name),
    );
  for (const service of SERVICES) {
    const flow = FLOWS[service.name];
    if (flow)
      await check(
        `${service.name}: create, read, update, delete with the documented statuses`,
        () => flow(target),
      );
  }
  await check('orders: a placed and a moved order reach the JetStream stream ORDERS', () =>
    orderEventsReachStream(target, `nats://127.0.0.1:${String(NATS_PORT)}`),
  );
  for (const service of SERVICES) {
    await check(`${service.name}: the container runs as a non-root user`, async () => {
      const id = (await containerOf(service.name)) ?? '';
      const uid = (await runOk('docker', ['exec', id, 'node', '-p', 'process.getuid()'])).trim();
      if (uid === '0') throw new CheckFailure('its process runs as root');
      return `uid ${uid}`;
    });
  }
  for (const service of SERVICES)
    await check(`${service.name}: the image holds only its own service`, () =>
      checkImageContents(service.name),
    );
  const sizes = await Promise.all(
    [
      ...SERVICES.map((service) => imageOf(service.name)),
      ...(choice?.mongoIsStandIn ? ['node-services/embedded-mongo:local'] : []),
      ...(choice?.natsIsStandIn === true ? ['node-services/nats:local'] : []),
      choice?.nodeImage ?? '',
    ]
      .filter((image) => image !== '')
      .map(
        async (image) => `  ${image.padEnd(38)} ${((await imageSize(image)) / 1e6).toFixed(0)} MB`,
      ),
  );
  process.stdout.write(`image sizes:\n${sizes.join('\n')}\n`);

  let records: string[] = [];
  let keyed: KeyedWrite[] = [];
  await check('acknowledged writes through products, orders and mini-store', async () => {
    records = await writeRecords(target, 10);
    keyed = await writeKeyed(target);
    return `${String(records.length)} records, ${String(keyed.length)} keyed POSTs`;
  });
  await check('`compose restart mongo` keeps every acknowledged write (named volume)', async () => {
    await restartAndWait(stack, ['mongo']);
    await readBack(target, records);
    await replayKeyed(keyed);
  });
  await check(
    `\`compose restart ${MONGO_SERVICES.join(' ')}\` keeps every acknowledged write`,
    async () => {
      await restartAndWait(stack, MONGO_SERVICES);
      await readBack(target, records);
      await replayKeyed(keyed);
    },
  );
  await check(
    '`compose restart` (every container) keeps every acknowledged write and idempotency key',
    async () => {
      await restartAndWait(stack, []);
      await readBack(target, records);
      await replayKeyed(keyed);
    },
  );

  await check(
    `\`compose stop\` under load: every service exits 0 within ${String(STOP_GRACE_S)} s, no 5xx`,
    async () => {
      const load = startLoad(
        SERVICES.map((service) => `${target.url(service.name)}${service.tryPath}`),
        3,
      );
      await sleep(2_000);
      const stopBegan = Date.now();
      const stopped = await compose(stack, ['stop', '--timeout', String(STOP_GRACE_S)], {
        timeoutMs: 120_000,
      });
      const stopS = (Date.now() - stopBegan) / 1000;
      const tally = await load.stop();
      if (stopped.code !== 0) throw new CheckFailure(`compose stop failed: ${stopped.stderr}`);
      const exits = await Promise.all(
        SERVICES.map(async (service) => {
          const id = (await containerOf(service.name)) ?? '';
          return [
            service.name,
            (
              await runOk('docker', [
                'inspect',
                '--format',
                '{{.State.ExitCode}} {{.State.OOMKilled}}',
                id,
              ])
            ).trim(),
          ] as const;
        }),
      );
      const bad = exits.filter(([, state]) => state !== '0 false');
      if (bad.length > 0)
        throw new CheckFailure(
          `exit codes: ${bad.map(([name, state]) => `${name} ${state}`).join(', ')}`,
        );
      if (tally.serverErrors > 0)
        throw new CheckFailure(
          `${String(tally.serverErrors)} answers were 5xx: ${[...new Set(tally.serverErrorDetails)].join(', ')}`,
        );
      if (tally.ok === 0) throw new CheckFailure('the clients got no answer at all');
      return `${String(tally.ok)} answers, none 5xx; stopped in ${stopS.toFixed(1)} s`;
    },
  );

  const database =
    choice?.mongoIsStandIn === false ? REGISTRY_MONGO_IMAGE : 'node-services/embedded-mongo:local';
  await startDatabase(database, choice?.mongoIsStandIn !== false);
  try {
    for (const service of SERVICES) {
      let image = '';
      await check(
        `${service.name} alone: docker build --build-arg SERVICE=${service.name}`,
        async () => {
          image = await buildAlone(service.name, choice?.nodeImage ?? 'node:20-bookworm-slim');
        },
      );
      if (image === '') continue;
      await check(
        `${service.name} alone: docker run with its documented variables answers /readyz, stops on SIGTERM`,
        () => runAlone(service, image),
      );
      for (const secret of service.secrets) {
        await check(
          `${service.name} alone: without ${secret.variable} it stops naming the variable`,
          () => missingSecret(service, image, secret.variable),
        );
      }
      await runOk('docker', ['image', 'rm', image]);
    }
  } finally {
    await removeDatabase();
  }
}

let stack: Compose | undefined;
try {
  stack = await up({ forCheck: true });
} catch (error) {
  results.push({ name: 'compose:up', ok: false });
  process.stdout.write(`✗ compose:up: ${error instanceof Error ? error.message : String(error)}\n`);
}
if (stack !== undefined) {
  process.stdout.write(`stack up in ${((Date.now() - began) / 1000).toFixed(0)} s\n`);
  await checks(stack);
}
try {
  await down(['--volumes']);
} catch (error) {
  results.push({ name: 'compose:down', ok: false });
  process.stdout.write(
    `✗ compose:down: ${error instanceof Error ? error.message : String(error)}\n`,
  );
}
const failed = results.filter((result) => !result.ok).length;
process.stdout.write(`\ncontainer check: ${((Date.now() - began) / 1000).toFixed(0)} s\n`);
process.stdout.write(`${String(results.length - failed)} passed, ${String(failed)} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
