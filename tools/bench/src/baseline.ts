import express from 'express';
import { MongoClient } from 'mongodb';
import { BASELINES, isBaselineKind } from './baselines/index.js';

/**
 * One bare Express 5 baseline per process: `node dist/baseline.js <kind>`.
 * Environment: PORT, MONGODB_URI, MONGODB_DB, and BENCH_FIXTURE (JSON) for baselines that need data.
 */
const kind = process.argv[2];
if (!isBaselineKind(kind)) {
  process.stderr.write(
    `unknown baseline ${String(kind)}; one of: ${Object.keys(BASELINES).join(', ')}\n`,
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

const app = express();
baseline.mount(app, { db, fixture });
const server = app.listen(Number(process.env.PORT), (error?: Error) => {
  if (error) {
    process.stderr.write(`baseline ${kind}: ${error.message}\n`);
    process.exit(1);
  }
});

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void client?.close().finally(() => process.exit(0));
  if (client === undefined) process.exit(0);
});
