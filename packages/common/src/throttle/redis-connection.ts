import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { RedisStore } from 'rate-limit-redis';
import { RateLimitStoreError } from './throttle.js';
import type { FailureWindow } from './auth-failure-guard.js';

const CONNECT_DEADLINE_MS = 10_000;

/**
 * A connected client for the limits; losing and regaining the store are each logged once, and
 * `isDown` is true in between. Start-up fails when the store does not answer in time.
 */
async function connectRedis(url: string, logger: Logger) {
  const host = new URL(url).host;
  // Without the offline queue a command fails at once while the store is down: no request waits.
  const client = createClient({ url, disableOfflineQueue: true });
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

/** The counts of one service in Redis: `prefix` keeps them apart from other services'. */
export async function openRedisCounters(
  url: string,
  prefix: string,
  failureWindow: FailureWindow | undefined,
  logger: Logger,
) {
  const redis = await connectRedis(url, logger);
  const failureCounter =
    failureWindow === undefined
      ? undefined
      : new RateLimiterRedis({
          storeClient: redis.client,
          useRedisPackage: true,
          keyPrefix: `${prefix}auth-failures`,
          ...failureWindow,
        });
  const store = new RedisStore({
    sendCommand: (...args: string[]) => redis.client.sendCommand(args),
    prefix: `${prefix}requests:`,
  });
  return { failureCounter, store, storeDown: redis.isDown, close: redis.close };
}
