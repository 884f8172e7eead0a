import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager, type JetStreamManager, type StoredMsg } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { CheckFailure, expect } from '../http.js';
import { firstMenuItemId, placeOrder, startOrder, type Target } from './flows.js';

/** The stream and subjects the orders service's relay publishes to (the orders README). */
const STREAM = 'ORDERS';

/** How long a stored event may take to reach the stream: the relay's first connection included. */
const ARRIVAL_MS = 60_000;

interface StreamEvent {
  id: string;
  event: string;
  data: unknown;
}

/** The first event of a Server-Sent Events answer (comment lines skipped); the stream is then closed. */
async function firstEvent(url: string, token: string): Promise<StreamEvent> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 15_000);
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    if (response.status !== 200 || response.body === null)
      throw new CheckFailure(`GET ${url}: expected 200, got ${String(response.status)}`);
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of response.body) {
      text += decoder.decode(chunk as Uint8Array, { stream: true });
      for (const block of text.split('\n\n').slice(0, -1)) {
        const lines = block.split('\n').filter((line) => !line.startsWith(':'));
        const value = (name: string): string | undefined =>
          lines
            .find((line) => line.startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim();
        const data = value('data');
        if (data !== undefined)
          return { id: value('id') ?? '', event: value('event') ?? '', data: JSON.parse(data) };
      }
    }
    throw new CheckFailure(`GET ${url} ended before its first event`);
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

function dataOf(message: StoredMsg): Record<string, unknown> {
  const data: unknown = message.json();
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/**
 * The last message of `subject` in the stream once it is about `orderId` in `status`; polled,
 * since the relay publishes after the write is acknowledged.
 */
async function arrival(
  jsm: JetStreamManager,
  subject: string,
  orderId: string,
  status: string,
): Promise<StoredMsg> {
  const deadline = Date.now() + ARRIVAL_MS;
  let last = 'no stream ORDERS yet';
  while (Date.now() < deadline) {
    try {
      const message = await jsm.streams.getMessage(STREAM, { last_by_subj: subject });
      if (message !== null) {
        const data = dataOf(message);
        if (data.id === orderId && data.status === status) return message;
        last = `last message on ${subject}: ${JSON.stringify(data).slice(0, 200)}`;
      }
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new CheckFailure(
    `no ${subject} message for order ${orderId} (${status}) within ${String(ARRIVAL_MS / 1000)} s; ${last}`,
  );
}

/**
 * The message is the change the service streams: its event id as `Nats-Msg-Id`, and the `id`,
 * `status` and `at` every event's data holds. (The order's own stream opens with the whole order
 * under its latest change, where the `orders.status` message holds just those three.)
 */
function expectSameEvent(message: StoredMsg, event: StreamEvent): void {
  const messageId = message.header?.get('Nats-Msg-Id') ?? '';
  expect(
    messageId === event.id,
    `${message.subject} has Nats-Msg-Id "${messageId}", the stream of the order says "${event.id}"`,
  );
  const streamed = (event.data ?? {}) as Record<string, unknown>;
  const published = dataOf(message);
  for (const name of ['id', 'status', 'at'])
    expect(
      published[name] === streamed[name],
      `${message.subject} has ${name} ${JSON.stringify(published[name])}, the stream of the order ${JSON.stringify(streamed[name])}`,
    );
}

/**
 * An order placed and moved through the orders container's published port reaches the JetStream
 * stream ORDERS (NATS's published port): `orders.placed`, then `orders.status`, each with the id
 * and data `GET /orders/:id/events` gives the same change.
 */
export async function orderEventsReachStream(target: Target, natsUrl: string): Promise<string> {
  const base = target.url('orders');
  const customer = target.secret('ORDERS_CUSTOMER_TOKEN');
  const staff = target.secret('ORDERS_STAFF_TOKEN');
  const nc = await connect({ servers: natsUrl, timeout: 10_000 });
  try {
    const jsm = await jetstreamManager(nc);
    const id = await placeOrder(base, customer, 'Grace', await firstMenuItemId(base));
    const placed = await firstEvent(`${base}/orders/${id}/events`, customer);
    expect(placed.event === 'order.placed', `the order's stream began with ${placed.event}`);
    expectSameEvent(await arrival(jsm, 'orders.placed', id, 'pending'), placed);
    await startOrder(base, staff, id);
    const moved = await firstEvent(`${base}/orders/${id}/events`, customer);
    expect(moved.event === 'order.status', `the moved order's stream began with ${moved.event}`);
    expectSameEvent(await arrival(jsm, 'orders.status', id, 'in-progress'), moved);
    const info = await jsm.streams.info(STREAM);
    return `orders.placed and orders.status of order ${id} in ${STREAM} (${String(info.state.messages)} messages)`;
  } finally {
    await nc.close();
  }
}
