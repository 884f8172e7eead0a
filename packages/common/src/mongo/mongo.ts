import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient, type MongoClientOptions } from 'mongodb';
import type { Logger } from 'pino';
import { describeMongoHost } from '../addresses.js';
import { watchConnectionPool } from '../observability/process-metrics.js';

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
  /** At most this many attempts (unbounded by default: the deadline ends the tries). */
  attempts?: number;
  /** Start-up gives up once this long has passed since the first attempt began. */
  deadlineMs?: number;
  /** Pause between attempts. */
  retryDelayMs?: number;
  /** How long one attempt waits for a server before it counts as failed. */
  attemptTimeoutMs?: number;
  clientOptions?: MongoClientOptions;
}

/**
 * Connects and pings, retrying until the deadline (25 s by default: 10 attempts of up to 2 s
 * with half a second between them when nothing answers), so start-up waits out a database that
 * is still booting but does not wait for ever.
 */
export async function connectMongo(
  uri: string,
  options: ConnectOptions = {},
): Promise<MongoClient> {
  const {
    logger,
    attempts = Number.POSITIVE_INFINITY,
    deadlineMs = 25_000,
    retryDelayMs = 500,
    attemptTimeoutMs = 2_000,
    clientOptions,
  } = options;
  const host = describeMongoHost(uri);
  const giveUpAt = Date.now() + deadlineMs;
  let lastError: unknown;
  let attempt = 0;
  for (;;) {
    attempt += 1;
    // The last attempt is cut short rather than overrunning the deadline.
    const startedAt = Date.now();
    const remaining = Math.max(giveUpAt - startedAt, 1);
    const client = new MongoClient(uri, {
      ...clientOptions,
      serverSelectionTimeoutMS: Math.min(
        clientOptions?.serverSelectionTimeoutMS ?? attemptTimeoutMs,
        remaining,
      ),
    });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      logger?.info({ host }, 'connected to MongoDB');
      // From here on, when nothing is checked out: its pool gauges start from zero.
      watchConnectionPool(client);
      return client;
    } catch (error) {
      lastError = error;
      await client.close().catch(() => undefined);
      // An attempt that failed sooner than its timeout (a client with a short server selection
      // timeout) still waits out its slot, so the attempts keep their pace whatever the client.
      const pause = Math.max(
        retryDelayMs,
        startedAt + attemptTimeoutMs + retryDelayMs - Date.now(),
      );
      if (attempt >= attempts || Date.now() + pause >= giveUpAt) break;
      const reason = error instanceof Error ? error.message : String(error);
      logger?.warn({ host, attempt, deadlineMs, reason }, 'MongoDB not reachable yet, retrying');
      await sleep(pause);
    }
  }
  throw new MongoConnectError(host, attempt, lastError);
}

/**
 * The driver's deadlines for a service's operations, from one budget: how long a request's
 * database work may take before it fails. The driver retries a read or a write once after a
 * network error, so each attempt gets 40% of the budget (the rest is the work around it):
 * choosing a server, opening a connection, waiting for a pooled one and waiting for the
 * server's answer. Without the socket deadline a database that stalls (a network partition, a
 * stopped process) leaves requests hanging for as long as the connection stays open.
 * Heartbeats every second find a database that came back.
 */
export function operationDeadlines(budgetMs: number): MongoClientOptions {
  const attemptMs = Math.max(Math.floor(budgetMs * 0.4), 50);
  return {
    serverSelectionTimeoutMS: attemptMs,
    connectTimeoutMS: attemptMs,
    socketTimeoutMS: attemptMs,
    waitQueueTimeoutMS: attemptMs,
    heartbeatFrequencyMS: 1_000,
  };
}

/**
 * True when the server answers a ping within `deadlineMs`: the readiness check of services that
 * use MongoDB. The ping itself is not cancelled; its answer, if late, is ignored.
 */
export async function pingMongo(client: MongoClient, deadlineMs = 1_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  const answered = client
    .db('admin')
    .command({ ping: 1 })
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
