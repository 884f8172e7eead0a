import { startEmbeddedMongo } from '@repo/embedded-mongo';

/**
 * The embedded MongoDB-compatible server in a process of its own, so that the database, the HTTP
 * server under test and the load generator never share an event loop.
 * Environment: PORT, and DB_PATH (LMDB files) or IN_MEMORY=1.
 */
const port = Number(process.env.PORT);
const dbPath = process.env.DB_PATH;
const server = await startEmbeddedMongo({
  port,
  host: '127.0.0.1',
  ...(process.env.IN_MEMORY === '1' || dbPath === undefined ? { inMemory: true } : { dbPath }),
  onError: (err) => process.stderr.write(`embedded server: ${String(err)}\n`),
});
process.stdout.write(`embedded server listening at ${server.uri}\n`);

let stopping = false;
const stop = (): void => {
  if (stopping) process.exit(1);
  stopping = true;
  server.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`embedded server did not stop cleanly: ${String(err)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
