import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@repo/common';
import { jetstream, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import type { LiveEventFeed } from '../events/live-feed.js';
import { endOfMillisecond, laterKey } from '../events/settled-events.js';
import { decodeEvent, ORDERS_STREAM } from './event-codec.js';
import type { NatsLink } from './nats-link.js';
import { ensureOrdersStream, readStreamHead } from './orders-stream.js';
import { outageNote } from './outage-note.js';
import type { RelayCursorRepository } from './relay-cursor-repository.js';
import { retryDelay, type RetrySettings } from './retry-delay.js';

export interface LiveConsumerSettings {
  settleMs: number;
  replicas: number;
  retry: RetrySettings;
}

/**
 * Reads the `ORDERS` stream into this instance's live feed through an ordered consumer (an
 * ephemeral consumer in memory that the client recreates from the last message it delivered when
 * it is lost). The feed starts where the stream and the relay's cursor stand: every later event
 * comes through the stream, every earlier one is stored. After any failure the consumer is made
 * again from the message after the last one read, for ever.
 */
export function startLiveConsumer(
  deps: { link: NatsLink; cursor: RelayCursorRepository; feed: LiveEventFeed; logger: Logger },
  settings: LiveConsumerSettings,
) {
  const { link, cursor, feed, logger } = deps;
  const stopping = new AbortController();
  const outage = outageNote(logger, 'reading the order events stream');
  let messages: ConsumerMessages | undefined;
  let nextSeq: number | undefined;
  let foreign = 0;
  let failures = 0;

  const consume = async (): Promise<void> => {
    const nc = await link.connected();
    if (nextSeq === undefined) {
      const jsm = await jetstreamManager(nc);
      await ensureOrdersStream(jsm, settings.replicas);
      const head = await readStreamHead(jsm);
      const start = endOfMillisecond(Date.now() - settings.settleMs);
      feed.start(laterKey(await cursor.readOrStart(start), head.lastKey));
      nextSeq = head.lastSeq + 1;
    }
    const consumer = await jetstream(nc).consumers.get(ORDERS_STREAM, { opt_start_seq: nextSeq });
    messages = await consumer.consume();
    if (stopping.signal.aborted) messages.stop();
    outage.recovered();
    failures = 0;
    for await (const message of messages) {
      nextSeq = message.seq + 1;
      const event = decodeEvent(
        message.subject,
        message.headers?.get('Nats-Msg-Id'),
        message.string(),
      );
      if (event !== null) feed.push(event);
      else if (foreign++ === 0)
        logger.warn(
          { subject: message.subject },
          'a message of the order events stream is no order event; skipped',
        );
    }
  };

  const run = async (): Promise<void> => {
    while (!stopping.signal.aborted) {
      try {
        await consume();
        if (stopping.signal.aborted) break;
        throw new Error('the ordered consumer stopped');
      } catch (error) {
        if (stopping.signal.aborted || link.closed) break;
        failures += 1;
        outage.failed(error);
        await sleep(retryDelay(failures, settings.retry), undefined, {
          signal: stopping.signal,
        }).catch(() => undefined);
      }
    }
  };
  const running = run();

  return {
    async stop(): Promise<void> {
      stopping.abort();
      messages?.stop();
      await running;
    },
  };
}
