import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { parseEventId, type EventKey } from '../domain/order-event.js';
import { ORDERS_STREAM, ORDERS_SUBJECTS, type EventMessage } from './event-codec.js';

const DAY_MS = 86_400_000;

/**
 * The stream's settings (docs/operations.md, "Order events at scale"): kept on disk for 7 days
 * and at most 1 GiB, the oldest dropped first; a message id seen in the last 2 minutes is dropped
 * as a repeat.
 */
export function ordersStreamConfig(replicas: number): Partial<StreamConfig> & { name: string } {
  return {
    name: ORDERS_STREAM,
    subjects: ORDERS_SUBJECTS,
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(7 * DAY_MS),
    max_bytes: 1024 ** 3,
    duplicate_window: nanos(2 * 60_000),
    num_replicas: replicas,
  };
}

/** Creates the stream, or brings an existing one to these settings; every replica may at once. */
export async function ensureOrdersStream(jsm: JetStreamManager, replicas: number): Promise<void> {
  const config = ordersStreamConfig(replicas);
  try {
    await jsm.streams.info(ORDERS_STREAM);
  } catch (error) {
    if (!(error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound))
      throw error;
    // Adding the same settings twice succeeds: replicas starting together agree.
    await jsm.streams.add(config);
    return;
  }
  await jsm.streams.update(ORDERS_STREAM, config);
}

/** The last message of the stream: its sequence (0 when none ever was) and its event's key. */
export interface StreamHead {
  lastSeq: number;
  /** Null when the stream holds no message (none yet, or every one aged out). */
  lastKey: EventKey | null;
}

export async function readStreamHead(jsm: JetStreamManager): Promise<StreamHead> {
  const { state } = await jsm.streams.info(ORDERS_STREAM);
  if (state.messages === 0) return { lastSeq: state.last_seq, lastKey: null };
  const last = await jsm.streams.getMessage(ORDERS_STREAM, { seq: state.last_seq });
  return {
    lastSeq: state.last_seq,
    lastKey: parseEventId(last?.header.get('Nats-Msg-Id')) ?? null,
  };
}

/** What the broker said of one publication. */
export type PublishOutcome =
  | { kind: 'stored'; seq: number }
  /** Its message id was seen within the duplicate window: the stream holds it at `seq`. */
  | { kind: 'repeat'; seq: number }
  /** The stream's last message is no longer `expectedLastSeq`: another relay wrote after it. */
  | { kind: 'behind' };

/**
 * Publishes one event, only as the message right after `expectedLastSeq`, and waits for the
 * broker's answer.
 */
export async function publishEvent(
  js: JetStreamClient,
  message: EventMessage,
  expectedLastSeq: number,
  timeoutMs: number,
): Promise<PublishOutcome> {
  try {
    const ack = await js.publish(message.subject, message.body, {
      msgID: message.msgId,
      expect: { lastSequence: expectedLastSeq },
      timeout: timeoutMs,
    });
    return ack.duplicate ? { kind: 'repeat', seq: ack.seq } : { kind: 'stored', seq: ack.seq };
  } catch (error) {
    if (
      error instanceof JetStreamApiError &&
      error.code === JetStreamApiCodes.StreamWrongLastSequence
    )
      return { kind: 'behind' };
    throw error;
  }
}
