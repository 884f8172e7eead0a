import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@repo/common';
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import type { OrdersRepository } from '../data/orders-repository.js';
import type { EventKey } from '../domain/order-event.js';
import { eventMessage } from '../events/event-messages.js';
import { endOfMillisecond, eventsBetween, laterKey } from '../events/settled-events.js';
import { encodeEvent } from './event-codec.js';
import type { NatsLink } from './nats-link.js';
import { ensureOrdersStream, publishEvent, readStreamHead } from './orders-stream.js';
import { outageNote } from './outage-note.js';
import type { RelayCursorRepository } from './relay-cursor-repository.js';
import { retryDelay, type RetrySettings } from './retry-delay.js';

export interface RelaySettings {
  /** How often the stored events are read for new settled ones. */
  pollMs: number;
  /** The settle window of the streams: only events older than this are published. */
  settleMs: number;
  replicas: number;
  retry: RetrySettings;
  /** How long a publication waits for the broker's answer. */
  publishTimeoutMs: number;
}

export interface RelayDeps {
  orders: Pick<OrdersRepository, 'changedSince'>;
  cursor: RelayCursorRepository;
  link: NatsLink;
  logger: Logger;
}

/** Where the relay stands in the stream: its last message, and the last event published. */
interface Place {
  lastSeq: number;
  position: EventKey;
}

/** The cursor is written after each pass and, within a long pass, after this many events. */
const RECORD_EVERY = 100;

/**
 * Publishes the stored order events to the `ORDERS` stream, in key order, each as the message
 * right after the one before (README, "Events through NATS"). Every replica runs one: a message
 * id already in the stream is dropped by the broker within its duplicate window, and a relay
 * that finds another has written after the message it expected reads where the stream stands
 * and goes on from there, so the stream holds each event once, in key order. Any failure
 * (broker, database) is retried with backoff, for ever; it never stops the service.
 */
export function startOrderEventRelay(deps: RelayDeps, settings: RelaySettings) {
  const { orders, cursor, link, logger } = deps;
  const stopping = new AbortController();
  const outage = outageNote(logger, 'publishing order events');
  let place: Place | undefined;
  const horizon = () => endOfMillisecond(Date.now() - settings.settleMs);

  const findPlace = async (nc: Awaited<ReturnType<NatsLink['connected']>>): Promise<Place> => {
    const jsm = await jetstreamManager(nc);
    await ensureOrdersStream(jsm, settings.replicas);
    const head = await readStreamHead(jsm);
    const recorded = await cursor.readOrStart(horizon());
    return { lastSeq: head.lastSeq, position: laterKey(recorded, head.lastKey) };
  };

  /** Publishes what has settled since `at`; `kept` is false when another relay wrote first. */
  const publishSettled = async (
    js: JetStreamClient,
    at: Place,
  ): Promise<{ kept: boolean; published: number }> => {
    const stored = await orders.changedSince(new Date(at.position.atMs));
    const due = eventsBetween(stored, at.position, horizon());
    let unrecorded = 0;
    let published = 0;
    let behind = false;
    for (const { key, order, event } of due) {
      if (stopping.signal.aborted) break;
      const message = encodeEvent({ ...eventMessage(order, event), event: event.type });
      const outcome = await publishEvent(js, message, at.lastSeq, settings.publishTimeoutMs);
      if (outcome.kind === 'behind') {
        behind = true;
        break;
      }
      at.lastSeq = Math.max(at.lastSeq, outcome.seq);
      at.position = key;
      published += 1;
      unrecorded += 1;
      if (unrecorded >= RECORD_EVERY) {
        await cursor.advance(at.position);
        unrecorded = 0;
      }
    }
    if (unrecorded > 0) await cursor.advance(at.position);
    return { kept: !behind, published };
  };

  const run = async (): Promise<void> => {
    let js: JetStreamClient | undefined;
    for (let failures = 0; !stopping.signal.aborted;) {
      try {
        const nc = await link.connected();
        js ??= jetstream(nc);
        place ??= await findPlace(nc);
        const { kept, published } = await publishSettled(js, place);
        // The line that ends an outage says how far behind the stream was and what it caught up.
        outage.recovered({ published, upTo: new Date(place.position.atMs).toISOString() });
        failures = 0;
        // Another relay wrote first: where the stream stands is read again on the next pass.
        if (!kept) place = undefined;
        await sleep(settings.pollMs, undefined, { signal: stopping.signal });
      } catch (error) {
        if (stopping.signal.aborted || link.closed) break;
        failures += 1;
        outage.failed(error);
        // Others may have published meanwhile; the place is read again.
        place = undefined;
        await sleep(retryDelay(failures, settings.retry), undefined, {
          signal: stopping.signal,
        }).catch(() => undefined);
      }
    }
  };
  const running = run().catch(() => undefined);

  return {
    /** The last event published, once known. */
    get position(): EventKey | undefined {
      return place?.position;
    },
    async stop(): Promise<void> {
      stopping.abort();
      await running;
    },
  };
}

export type OrderEventRelay = ReturnType<typeof startOrderEventRelay>;
