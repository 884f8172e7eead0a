import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { connectMongo, describeMongoHost } from '@repo/common';

export interface Database {
  uri: string;
  /** One line for the URL table: where the data lives. */
  description: string;
  stop: () => Promise<void>;
}

/** Connects with the driver and pings, so the services start only once the database answers. */
async function ping(uri: string, attempts: number): Promise<void> {
  const client = await connectMongo(uri, { attempts, retryDelayMs: 500 });
  await client.close();
}

/** Uses the MongoDB named by MONGODB_URI, after checking that it answers. */
export async function useExternalMongo(uri: string): Promise<Database> {
  await ping(uri, 10);
  return { uri, description: `${describeMongoHost(uri)} (MONGODB_URI)`, stop: async () => {} };
}

/**
 * Starts the embedded MongoDB-compatible server inside the launcher, so it is stopped last,
 * after every service has closed its connections.
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
  // Loaded only when needed: with MONGODB_URI set the launcher never touches the embedded server.
  const { startEmbeddedMongo } = await import('@repo/embedded-mongo');
  const server = await startEmbeddedMongo({ port: options.port, dbPath, inMemory });
  try {
    await ping(server.uri, 5);
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
  const shownPath = relative(options.root, dbPath);
  const where = inMemory
    ? 'in memory'
    : `data in ${shownPath.startsWith('..') ? dbPath : shownPath}`;
  return {
    uri: server.uri,
    description: `${server.uri} (embedded, ${where})`,
    stop: () => server.stop(),
  };
}
