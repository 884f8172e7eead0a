import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient, type MongoClientOptions } from 'mongodb';
import type { Logger } from 'pino';
import { describeMongoHost } from '../addresses.js';
import { watchConnectionPool } from '../observability/process-metrics.js';
import { MongoConnectError } from './connect-error.js';

export interface ConnectOptions {
  logger?: Logger;
  /** Unbounded by default: the deadline ends the tries. */
  attempts?: number;
  /** From the first attempt's start. */
  deadlineMs?: number;
  retryDelayMs?: number;
  /** How long one attempt waits for a server. */
  attemptTimeoutMs?: number;
  clientOptions?: MongoClientOptions;
}

/** Connects and pings, retrying until the deadline: start-up waits out a database still booting. */
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
      // Now, while nothing is checked out: the pool gauges start from zero.
      watchConnectionPool(client);
      return client;
    } catch (error) {
      lastError = error;
      await client.close().catch(() => undefined);
      // An attempt that failed before its timeout still waits out its slot: a steady pace.
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
 * The driver's deadlines, from how long a request's database work may take: the driver retries
 * once after a network error, so each stage of an attempt gets 40% of it. Without the socket
 * deadline a stalled database leaves requests hanging as long as the connection stays open.
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

/** True when the server answers a ping within `deadlineMs` (a late answer is ignored). */
export async function pingMongo(client: MongoClient, deadlineMs: number): Promise<boolean> {
  const deadline = new AbortController();
  return Promise.race([
    client
      .db('admin')
      .command({ ping: 1 })
      .then(
        () => true,
        () => false,
      ),
    sleep(deadlineMs, false, { signal: deadline.signal }),
  ]).finally(() => deadline.abort());
}
