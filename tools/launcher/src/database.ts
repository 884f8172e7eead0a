import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface Database {
  uri: string;
  /** One line for the URL table: where the data lives. */
  description: string;
  stop: () => Promise<void>;
}

/**
 * Starts the embedded MongoDB-compatible server inside the launcher (listening once this
 * resolves), so that it stops last, after every service has closed its connections.
 */
export async function startEmbeddedDatabase(options: {
  root: string;
  port: number;
  dataDir: string;
  inMemory?: boolean | undefined;
}): Promise<Database> {
  const dbPath = join(options.dataDir, 'mongo');
  const inMemory = options.inMemory ?? false;
  if (!inMemory) await mkdir(dbPath, { recursive: true });
  // Loaded only here: with MONGODB_URI set the launcher never loads the embedded server.
  const { startEmbeddedMongo } = await import('@repo/embedded-mongo');
  const server = await startEmbeddedMongo({ port: options.port, dbPath, inMemory });
  const shown = relative(options.root, dbPath);
  const where = inMemory ? 'in memory' : `data in ${shown.startsWith('..') ? dbPath : shown}`;
  const description = `${server.uri} (embedded, ${where})`;
  return { uri: server.uri, description, stop: () => server.stop() };
}
