#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { DEFAULT_DB_PATH, startEmbeddedMongo } from './index.js';

const USAGE =
  'usage: embedded-mongo [--port 27017] [--host 127.0.0.1] [--dbpath .data/mongo] [--in-memory]\n' +
  '                      [--setParameter name=value ...]\n';

function fail(message: string): never {
  process.stderr.write(`embedded-mongo: ${message}\n`);
  process.exit(1);
}

function errorField(err: unknown, field: 'code' | 'syscall'): string | undefined {
  if (err !== null && typeof err === 'object' && field in err) {
    const value: unknown = (err as Record<string, unknown>)[field];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

async function main(): Promise<void> {
  let values: {
    port?: string;
    host?: string;
    dbpath?: string;
    'in-memory'?: boolean;
    setParameter?: string[];
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '27017' },
        host: { type: 'string', default: '127.0.0.1' },
        dbpath: { type: 'string', default: DEFAULT_DB_PATH },
        'in-memory': { type: 'boolean', default: false },
        setParameter: { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`invalid --port ${values.port ?? ''}`);
  const setParameter: Record<string, string> = {};
  for (const pair of values.setParameter ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) fail(`--setParameter takes name=value, got ${pair}`);
    setParameter[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const inMemory = values['in-memory'] === true;
  const host = values.host ?? '127.0.0.1';
  let server;
  try {
    server = await startEmbeddedMongo({
      port,
      host,
      inMemory,
      dbPath: values.dbpath ?? DEFAULT_DB_PATH,
      setParameter,
      onError: (err) =>
        process.stderr.write(
          `embedded-mongo: ${err instanceof Error ? err.message : String(err)}\n`,
        ),
      onWarning: (message) => process.stderr.write(`embedded-mongo: ${message}\n`),
    });
  } catch (err) {
    const code = errorField(err, 'code');
    // Only the listening socket's errors are about the port; storage errors name their path.
    if (errorField(err, 'syscall') === 'listen') {
      if (code === 'EADDRINUSE') fail(`port ${port} is already in use`);
      if (code === 'EACCES') fail(`permission denied to listen on ${host}:${port}`);
    }
    fail(err instanceof Error ? err.message : String(err));
  }
  const storage = inMemory ? 'in memory' : `data in ${values.dbpath ?? DEFAULT_DB_PATH}`;
  process.stdout.write(`embedded-mongo listening on ${server.uri} (${storage})\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      (err: unknown) =>
        fail(`failed to stop cleanly: ${err instanceof Error ? err.message : String(err)}`),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

await main();
