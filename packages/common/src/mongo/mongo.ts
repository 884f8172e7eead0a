import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient, type MongoClientOptions } from 'mongodb';
import type { Logger } from 'pino';

/** The host list of a connection string, without credentials, for messages and logs. */
export function describeMongoHost(uri: string): string {
  const withoutScheme = uri.replace(/^mongodb(\+srv)?:\/\//, '');
  const authority = withoutScheme.split(/[/?]/, 1)[0] ?? '';
  return authority.slice(authority.lastIndexOf('@') + 1);
}

export class MongoConnectError extends Error {
  constructor(host: string, attempts: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Could not connect to MongoDB at ${host} after ${attempts} attempt(s): ${reason}`, {
      cause,
    });
    this.name = 'MongoConnectError';
  }
}

export interface ConnectOptions {
  logger?: Logger;
  attempts?: number;
  /** Pause between attempts. */
  retryDelayMs?: number;
  /** How long one attempt waits for a server before it counts as failed. */
  attemptTimeoutMs?: number;
  clientOptions?: MongoClientOptions;
}

/** Connects and pings, retrying a bounded number of times, so start-up waits out a database that is still booting. */
export async function connectMongo(
  uri: string,
  options: ConnectOptions = {},
): Promise<MongoClient> {
  const {
    logger,
    attempts = 10,
    retryDelayMs = 500,
    attemptTimeoutMs = 2_000,
    clientOptions,
  } = options;
  const host = describeMongoHost(uri);
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const client = new MongoClient(uri, {
      serverSelectionTimeoutMS: attemptTimeoutMs,
      ...clientOptions,
    });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      logger?.info({ host }, 'connected to MongoDB');
      return client;
    } catch (error) {
      lastError = error;
      await client.close().catch(() => undefined);
      if (attempt < attempts) {
        logger?.warn({ host, attempt, attempts }, 'MongoDB not reachable yet, retrying');
        await sleep(retryDelayMs);
      }
    }
  }
  throw new MongoConnectError(host, attempts, lastError);
}

/** True when the server answers a ping: the readiness check of services that use MongoDB. */
export async function pingMongo(client: MongoClient): Promise<boolean> {
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}
