import { startEmbeddedMongo } from '@repo/embedded-mongo';
import { SERVICES as REGISTRY } from '@repo/launcher';
import type { ScenarioResult } from './result.js';
import { databaseLoss } from './scenarios/database-loss.js';
import { hostileHeaders } from './scenarios/hostile-headers.js';
import { hostileInput } from './scenarios/hostile.js';
import { races } from './scenarios/races.js';
import { shutdownUnderLoad } from './scenarios/shutdown.js';
import { slowClients } from './scenarios/slow-clients.js';
import { databaseDownAtStart } from './scenarios/startup.js';
import { renderTable } from './table.js';

const HELP = `npm run faults [-- --short]

Runs every fault scenario against the services as real processes (the embedded database in
memory, behind a fault proxy where the database fails) and prints one table. --short runs a
reduced set in about a minute (what .ci/run runs). Exits 1 when a figure breaks what must hold.`;

const args = process.argv.slice(2);
if (args.includes('--help')) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
const unknown = args.filter((arg) => arg !== '--short');
if (unknown.length > 0) {
  process.stderr.write(`unknown option ${unknown.join(' ')}\n\n${HELP}\n`);
  process.exit(2);
}
const short = args.includes('--short');

const SERVICES = REGISTRY.map((service) => service.name);
const MONGO_SERVICES = REGISTRY.filter((service) => service.usesMongo).map(
  (service) => service.name,
);

const mongo = await startEmbeddedMongo({ inMemory: true, host: '127.0.0.1' });
const env = { MONGODB_URI: mongo.uri };
const results: ScenarioResult[] = [];
const run = async (label: string, scenario: () => Promise<ScenarioResult>): Promise<void> => {
  process.stderr.write(`running: ${label}\n`);
  try {
    results.push(await scenario());
  } catch (error) {
    results.push({
      scenario: label,
      sent: '-',
      lost: `the scenario failed: ${error instanceof Error ? error.message : String(error)}`,
      recovery: '-',
      ok: false,
    });
  }
};

try {
  for (const service of short ? ['products'] : SERVICES) {
    await run(`shutdown ${service}`, () =>
      shutdownUnderLoad({
        service,
        env: { ...env, MONGODB_DB: `faults_shutdown_${service.replace('-', '_')}` },
        loadMs: short ? 1_500 : 3_000,
        drainMs: 1_000,
        balanced: true,
      }),
    );
  }
  if (!short) {
    await run('shutdown products, direct clients', () =>
      shutdownUnderLoad({
        service: 'products',
        env: { ...env, MONGODB_DB: 'faults_shutdown_direct' },
        loadMs: 3_000,
        drainMs: 1_000,
        balanced: false,
      }),
    );
  }
  for (const service of short ? ['products'] : MONGO_SERVICES) {
    for (const fault of ['stall', 'drop'] as const) {
      await run(`database ${fault} ${service}`, () =>
        databaseLoss({
          service,
          mongoUri: mongo.uri,
          fault,
          loadMs: short ? 1_000 : 2_000,
          outageMs: short ? 2_000 : 5_000,
        }),
      );
    }
  }
  if (!short) {
    await run('database slow products', () =>
      databaseLoss({
        service: 'products',
        mongoUri: mongo.uri,
        fault: 'slow',
        delayMs: 100,
        loadMs: 2_000,
        outageMs: 5_000,
      }),
    );
  }
  await run('database down at start', () => databaseDownAtStart(mongo.uri, short ? 3_000 : 25_000));
  await run('slow clients', () =>
    slowClients({
      env: {},
      // The defaults in the full run; shorter deadlines keep the short run short.
      headersTimeoutMs: short ? 2_000 : 10_000,
      requestTimeoutMs: short ? 3_000 : 30_000,
    }),
  );
  await run('hostile input', () => hostileInput(SERVICES, mongo.uri, short ? 8 : 40));
  await run('hostile headers', () =>
    hostileHeaders(
      short ? REGISTRY.filter((service) => service.name === 'products') : REGISTRY,
      mongo.uri,
    ),
  );
  await run('races', () => races(mongo.uri));
} finally {
  await mongo.stop();
}

process.stdout.write(`${renderTable(results)}\n`);
const failed = results.filter((result) => !result.ok);
if (failed.length > 0) {
  process.stderr.write(`\n${failed.length} scenario(s) broke what must hold\n`);
  process.exit(1);
}
process.exit(0);
