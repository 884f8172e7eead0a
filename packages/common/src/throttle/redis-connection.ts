import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { createClient } from 'redis';

/**
 * Without the offline queue a command fails at once while the connection is down, so a request
 * never waits on the store (the limits then let it through); the client reconnects on its own.
 */
function newClient(url: string) {
  return createClient({ url, disableOfflineQueue: true });
}

export type RedisClient = ReturnType<typeof newClient>;

export interface RedisConnection {
  client: RedisClient;
  /** True from a connection error until the client is ready again. */
  isDown: () => boolean;
  close: () => Promise<void>;
}

/** How long start-up waits for the store before it gives up. */
const CONNECT_DEADLINE_MS = 10_000;

/** The store's host and port, without credentials, for log lines. */
function hostOf(url: string): string {
  return new URL(url).host;
}

/** The shared limit store could not be reached at start-up. */
export class RateLimitStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RateLimitStoreError';
  }
}

/**
 * A connected `redis` client for the limits (see `newClient`); losing and regaining the store are
 * each logged once. Start-up fails when the store does not answer within its deadline.
 */
export async function connectRedis(url: string, logger: Logger): Promise<RedisConnection> {
  const host = hostOf(url);
  const client = newClient(url);
  let down = false;
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    logger.error(
      { dependency: 'rate-limit store', host, err: error },
      'rate-limit store unreachable',
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info({ dependency: 'rate-limit store', host }, 'rate-limit store reachable again');
  });
  const deadline = new AbortController();
  const connected = await Promise.race([
    client.connect().then(() => true),
    sleep(CONNECT_DEADLINE_MS, false, { signal: deadline.signal }),
  ]).finally(() => deadline.abort());
  if (!connected) {
    client.destroy();
    throw new RateLimitStoreError(
      `cannot reach the rate-limit store at ${host} (RATE_LIMIT_REDIS_URL) within ${CONNECT_DEADLINE_MS / 1000} s`,
    );
  }
  down = false;
  return { client, isDown: () => down, close: () => client.close() };
}
