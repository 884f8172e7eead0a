import { MongoClient } from 'mongodb';
import { BASELINE_SERVERS, isBaselineFramework } from './baseline-servers/index.js';
import { BASELINES, isBaselineKind } from './baselines/index.js';

/**
 * One baseline per process: `node dist/baseline.js <framework> <kind>`, the route's plain work
 * served by bare Express 5, Fastify 5 or Node's own `http` module.
 * Environment: PORT, MONGODB_URI, MONGODB_DB, and BENCH_FIXTURE (JSON) for baselines that need data.
 */
const [framework, kind] = process.argv.slice(2);
if (!isBaselineFramework(framework) || !isBaselineKind(kind)) {
  process.stderr.write(
    `usage: baseline.js <${Object.keys(BASELINE_SERVERS).join('|')}> <${Object.keys(BASELINES).join('|')}>\n`,
  );
  process.exit(2);
}
const baseline = BASELINES[kind];
const fixture: unknown =
  process.env.BENCH_FIXTURE === undefined ? undefined : JSON.parse(process.env.BENCH_FIXTURE);

let client: MongoClient | undefined;
if (baseline.usesMongo) {
  client = new MongoClient(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
  await client.connect();
}
const db = client?.db(process.env.MONGODB_DB);

const running = await BASELINE_SERVERS[framework](
  baseline.route({ db, fixture }),
  Number(process.env.PORT),
).catch((error: unknown) => {
  process.stderr.write(`baseline ${framework} ${kind}: ${String(error)}\n`);
  process.exit(1);
});

process.on('SIGTERM', () => {
  void running
    .close()
    .then(() => client?.close())
    .finally(() => process.exit(0));
});
