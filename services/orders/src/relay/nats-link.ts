import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@repo/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { outageNote } from './outage-note.js';
import { retryDelay, type RetrySettings } from './retry-delay.js';

/** The connection to NATS that the relay and the live feed share. */
export interface NatsLink {
  /** Resolves once connected; until then it tries again, with backoff, for ever. */
  connected(): Promise<NatsConnection>;
  /** Whether `close` was called: whoever waits on the link gives up. */
  readonly closed: boolean;
  /** Stops trying; drains an open connection (what was published is flushed) and closes it. */
  close(): Promise<void>;
}

/** A drain that a broker gone quiet cannot hold up longer than this. */
const DRAIN_MS = 2_000;

/**
 * Connects to `url` (one or more servers, separated by commas) in the background. Once connected,
 * the client itself reconnects after an outage, for ever; the link logs each loss and return once.
 */
export function openNatsLink(url: string, logger: Logger, retry: RetrySettings): NatsLink {
  const stopping = new AbortController();
  const outage = outageNote(logger, 'connecting to NATS');
  let connection: NatsConnection | undefined;

  const watch = async (nc: NatsConnection): Promise<void> => {
    let lostAt: number | undefined;
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' && lostAt === undefined) {
        lostAt = Date.now();
        logger.warn({ server: status.server }, 'NATS connection lost; reconnecting');
      } else if (status.type === 'reconnect' && lostAt !== undefined) {
        logger.info({ server: status.server, downMs: Date.now() - lostAt }, 'NATS reconnected');
        lostAt = undefined;
      }
    }
  };

  const connecting = (async (): Promise<NatsConnection> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const nc = await connect({
          servers: url.split(','),
          name: 'orders',
          maxReconnectAttempts: -1,
          reconnectTimeWait: 1_000,
        });
        connection = nc;
        outage.recovered();
        logger.info({ server: nc.getServer() }, 'connected to NATS');
        void watch(nc);
        return nc;
      } catch (error) {
        if (stopping.signal.aborted) throw error;
        outage.failed(error);
        await sleep(retryDelay(attempt, retry), undefined, { signal: stopping.signal });
      }
    }
  })();
  // Nobody may be waiting when a stop ends the tries.
  connecting.catch(() => undefined);

  return {
    connected: () => connecting,
    get closed() {
      return stopping.signal.aborted;
    },
    async close() {
      stopping.abort();
      const nc = connection;
      if (nc === undefined || nc.isClosed()) return;
      await Promise.race([nc.drain(), sleep(DRAIN_MS)]).catch(() => undefined);
      if (!nc.isClosed()) await nc.close();
    },
  };
}
