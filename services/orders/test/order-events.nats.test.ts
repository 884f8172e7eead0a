import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { RunningService } from '@repo/common';
import {
  capturingLogger,
  messageContract,
  startNatsServer,
  type ReceivedEvent,
  type TestNatsServer,
} from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOrdersRepository } from '../src/data/orders-repository.js';
import {
  compareEventKeys,
  eventKey,
  eventsOf,
  formatEventId,
  parseEventId,
} from '../src/domain/order-event.js';
import { asyncApiDocument } from '../src/http/events-document.js';
import { encodeEvent, ORDERS_STREAM } from '../src/relay/event-codec.js';
import { ensureOrdersStream, publishEvent } from '../src/relay/orders-stream.js';
import { startOrderEventsBroker } from '../src/relay/order-events-broker.js';
import { RELAY_COLLECTION } from '../src/relay/relay-cursor-repository.js';
import { ObjectId } from 'mongodb';
import { idOf, instanceEnvironment, move, place, serviceInstances } from './instances.js';
import { AS_CUSTOMER, AS_STAFF } from './support.js';

const testDb = useTestDatabase('orders_events_nats');
const ordersRepository = () => createOrdersRepository(testDb.db);
const instances = serviceInstances();
const ORDERS_DIR = fileURLToPath(new URL('..', import.meta.url));

let nats: TestNatsServer | undefined;
const children: ChildProcess[] = [];
beforeEach(async () => {
  // A broker of its own per test: an empty stream, a store nobody else writes.
  nats = await startNatsServer();
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await instances.closeAll();
  await nats?.close();
  nats = undefined;
});

function broker(): TestNatsServer {
  if (nats === undefined) throw new Error('the broker starts before each test');
  return nats;
}
/** A TypeScript file of this package run as a process, killed after the test. */
function startChild(file: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', file], {
    cwd: ORDERS_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return child;
}

const withNats = () => instanceEnvironment(testDb, { NATS_URL: broker().url });
const kitchen = (url: string, lastEventId?: string) =>
  instances.open(`${url}/orders/events`, {
    authorization: AS_STAFF,
    ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
  });

/** Every event id of these orders as stored, in key order: what each kitchen must get, once. */
async function storedEventIds(orderIds: readonly string[]): Promise<string[]> {
  const repository = ordersRepository();
  const keys = [];
  for (const id of orderIds) {
    const order = await repository.findStoredById(new ObjectId(id));
    if (order === null) throw new Error(`order ${id} is not stored`);
    keys.push(...eventsOf(order).map((event) => eventKey(order._id, event)));
  }
  return keys.sort(compareEventKeys).map(formatEventId);
}

/** The ids a client received of these orders, in the order received. */
function idsOf(events: readonly ReceivedEvent[], orderIds: readonly string[]): string[] {
  return events.filter((event) => orderIds.includes(idOf(event))).map((event) => event.id ?? '');
}

/** Resolves once the client has every one of `ids` (it may have more). */
async function receivedAll(
  client: Awaited<ReturnType<typeof kitchen>>,
  ids: readonly string[],
  /** How many of the client's 10 s waits: after an outage the relay may sleep out a 5 s backoff. */
  waits = 1,
): Promise<void> {
  const wanted = new Set(ids);
  const done = () =>
    client.events.filter((event) => wanted.has(event.id ?? '')).length >= wanted.size;
  for (let wait = 1; ; wait += 1) {
    try {
      await client.until(done, `all ${ids.length} events`);
      return;
    } catch (error) {
      if (wait >= waits) throw error;
    }
  }
}

/** Each client gets exactly `expected` of these orders' events: every one, once, in this order. */
async function everyClientGot(
  clients: readonly Awaited<ReturnType<typeof kitchen>>[],
  orderIds: readonly string[],
  expected: readonly string[],
  waits = 1,
): Promise<void> {
  for (const client of clients) {
    await receivedAll(client, expected, waits);
    expect(idsOf(client.events, orderIds)).toEqual(expected);
  }
}

/** Waits until an order placed on `a` reaches a kitchen on `b`: the path works end to end. */
async function warmUp(a: { url: string }, b: { url: string }): Promise<void> {
  const stream = await kitchen(b.url);
  const id = await place(testDb.db, a.url);
  await stream.until(() => stream.events.some((event) => idOf(event) === id), 'the first order');
  stream.close();
}

/** Every message of the stream, in stream order: its subject, headers and JSON body. */
async function streamMessages(): Promise<StoredMessage[]> {
  const nc = await connect({ servers: broker().url });
  try {
    const jsm = await jetstreamManager(nc);
    const { state } = await jsm.streams.info(ORDERS_STREAM);
    const messages: StoredMessage[] = [];
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
      const message = await jsm.streams.getMessage(ORDERS_STREAM, { seq });
      if (message === null) throw new Error(`no message at ${seq}`);
      const headers = Object.fromEntries(
        message.header.keys().map((name) => [name, message.header.get(name)]),
      );
      messages.push({ subject: message.subject, headers, payload: message.json() });
    }
    return messages;
  } finally {
    await nc.close();
  }
}

interface StoredMessage {
  subject: string;
  headers: Record<string, string>;
  payload: unknown;
}

/** Every message of the stream: its message ids, in stream order. */
async function streamMessageIds(): Promise<string[]> {
  return (await streamMessages()).map(({ headers }) => headers['Nats-Msg-Id'] ?? 'no id');
}

describe('order events through NATS JetStream, two instances on one database', () => {
  it('guarantee: an order placed on instance A reaches a kitchen stream on instance B through the broker, within 1 s (settle window 100 ms)', async () => {
    const [a, b] = [await instances.start(withNats()), await instances.start(withNats())];
    await warmUp(a, b);
    const stream = await kitchen(b.url);

    const id = await place(testDb.db, a.url);
    const arrived = await Promise.race([
      stream.until(() => stream.events.some((event) => idOf(event) === id), 'the order'),
      sleep(1_000).then(() => 'late'),
    ]).catch(() => 'late');

    expect(arrived, 'the order reached B within 1 s').not.toBe('late');
    expect(stream.events.map((event) => `${event.event} ${idOf(event)}`)).toEqual([
      `order.placed ${id}`,
    ]);
  });

  it('guarantee: every message the relay stores is what the AsyncAPI document says of its subject: placed, moved and cancelled orders, headers and body', async () => {
    const a = await instances.start(withNats());
    const moved = await place(testDb.db, a.url);
    await move(a.url, moved, 'in-progress');
    await move(a.url, moved, 'completed');
    const cancelled = await place(testDb.db, a.url);
    const cancel = await fetch(`${a.url}/orders/${cancelled}`, {
      method: 'DELETE',
      headers: { authorization: AS_CUSTOMER },
    });
    expect(cancel.status).toBe(204);
    const expected = await storedEventIds([moved, cancelled]);

    let messages: StoredMessage[] = [];
    for (let tries = 0; tries < 100; tries += 1) {
      messages = await streamMessages();
      if (messages.length >= expected.length) break;
      await sleep(100);
    }

    expect(messages.map(({ headers }) => headers['Nats-Msg-Id'])).toEqual(expected);
    expect(messages.map(({ subject }) => subject)).toEqual([
      'orders.placed',
      'orders.status',
      'orders.status',
      'orders.placed',
      'orders.cancelled',
    ]);
    const contract = await messageContract(asyncApiDocument());
    for (const { subject, headers, payload } of messages) {
      expect(contract.problems(subject, { headers, payload })).toEqual([]);
    }
  });

  it('guarantee: with NATS stopped for 10 s while 50 orders are placed and moved, then started on the same store, every event reaches every connected client once, in order', async () => {
    const [a, b] = [await instances.start(withNats()), await instances.start(withNats())];
    await warmUp(a, b);
    const clients = [await kitchen(a.url), await kitchen(b.url), await kitchen(b.url)];

    await broker().stop();
    const stoppedAt = Date.now();
    const ids: string[] = [];
    for (let n = 0; n < 50; n += 1) {
      const through = n % 2 === 0 ? a : b;
      const id = await place(testDb.db, through.url);
      await move(through.url, id, 'in-progress');
      ids.push(id);
    }
    await sleep(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
    // Nothing came while the broker was down: these streams are fed by it alone.
    for (const client of clients) expect(idsOf(client.events, ids)).toEqual([]);
    await broker().start();

    const expected = await storedEventIds(ids);
    expect(expected).toHaveLength(100);
    await everyClientGot(clients, ids, expected, 3);
  }, 60_000);

  it('guarantee: a relay killed after the broker stored its messages and before it recorded them leaves no message twice in the stream and no event twice on any stream', async () => {
    // Orders are taken by an instance without NATS while the relay runs alone in a child.
    const taker = await instances.start(instanceEnvironment(testDb));
    const child = spawn(
      process.execPath,
      ['--conditions=development', '--import', 'tsx', 'test/relay-child.ts'],
      {
        cwd: ORDERS_DIR,
        env: {
          ...process.env,
          MONGODB_URI: testDb.uri,
          MONGODB_DB: testDb.dbName,
          NATS_URL: broker().url,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(child);
    const lines: string[] = [];
    const said = (prefix: string) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          const line = lines.find((text) => text.startsWith(prefix));
          if (line !== undefined) resolve(line.slice(prefix.length));
        };
        child.stdout?.setEncoding('utf8');
        child.stdout?.on('data', (chunk: string) => {
          lines.push(...chunk.split('\n').filter(Boolean));
          check();
        });
        child.once('exit', () => reject(new Error(`the relay exited: ${lines.join('\n')}`)));
        check();
      });
    const recording = said('recording ');
    await said('cursor ');

    const before = [await place(testDb.db, taker.url), await place(testDb.db, taker.url)];
    await move(taker.url, before[0] ?? '', 'in-progress');
    const unrecorded = await recording;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;

    // The broker holds what was published; the cursor stayed before it.
    const published = await streamMessageIds();
    const recorded = await testDb.db
      .collection(RELAY_COLLECTION)
      .findOne({ _id: 'ORDERS' as never });
    expect(published.length).toBeGreaterThan(0);
    expect(published).toContain(unrecorded);
    expect(recorded?.['atMs']).toBeLessThan(parseEventId(unrecorded)?.atMs ?? 0);

    const [a, b] = [await instances.start(withNats()), await instances.start(withNats())];
    const firstId = (await storedEventIds(before))[0] ?? '';
    const resumeFrom = `${(parseEventId(firstId)?.atMs ?? 1) - 1}-000000000000000000000000-0`;
    const clients = [await kitchen(a.url, resumeFrom), await kitchen(b.url, resumeFrom)];
    const after = [await place(testDb.db, a.url), await place(testDb.db, b.url)];

    const ids = [...before, ...after];
    const expected = await storedEventIds(ids);
    await everyClientGot(clients, ids, expected);
    const inStream = await streamMessageIds();
    expect(inStream.filter((id) => expected.includes(id))).toEqual(expected);
    expect(new Set(inStream).size).toBe(inStream.length);
  }, 60_000);

  it('guarantee: with 100 kitchen streams over two instances and 500 orders placed through both, every stream gets every event once, in order', async () => {
    const [a, b] = [await instances.start(withNats()), await instances.start(withNats())];
    await warmUp(a, b);
    const clients = await Promise.all(
      Array.from({ length: 100 }, (_, n) => kitchen(n % 2 === 0 ? a.url : b.url)),
    );

    const ids: string[] = [];
    const placeMany = async (through: RunningService, count: number) => {
      for (let n = 0; n < count; n += 1) ids.push(await place(testDb.db, through.url));
    };
    await Promise.all([0, 1, 2, 3, 4].map((n) => placeMany(n % 2 === 0 ? a : b, 100)));

    const expected = await storedEventIds(ids);
    expect(expected).toHaveLength(500);
    await everyClientGot(clients, ids, expected);
  }, 90_000);

  it('guarantee: SIGTERM ends the streams of an instance cleanly, and its clients resuming on the other with Last-Event-ID miss nothing and get nothing twice', async () => {
    const a = await instances.start(withNats());
    const child = startChild('src/main.ts', {
      ...withNats(),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    let output = '';
    const bUrl = await new Promise<string>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /"url":"(http:\/\/localhost:\d+)"/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
    });
    await warmUp(a, { url: bUrl });
    const onB = [await kitchen(bUrl), await kitchen(bUrl)];
    const first = await place(testDb.db, a.url);
    const tracker = await instances.open(`${bUrl}/orders/${first}/events`, {
      authorization: AS_CUSTOMER,
    });
    for (const client of onB) await receivedAll(client, await storedEventIds([first]));
    await tracker.received(1);

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await Promise.all([...onB, tracker].map((client) => client.endOfStream()));
    expect([...onB, tracker].map((client) => client.endedCleanly)).toEqual([true, true, true]);
    expect(((await exited) as [number | null])[0]).toBe(0);

    // Changes while the clients are away, then more once they are back.
    await move(a.url, first, 'in-progress');
    const second = await place(testDb.db, a.url);
    const resumed = await Promise.all(
      onB.map((client) => kitchen(a.url, client.events[client.events.length - 1]?.id)),
    );
    const trackerAgain = await instances.open(`${a.url}/orders/${first}/events`, {
      authorization: AS_CUSTOMER,
      'last-event-id': tracker.events[tracker.events.length - 1]?.id ?? '',
    });
    await move(a.url, first, 'completed');
    await move(a.url, second, 'in-progress');

    const ids = [first, second];
    const expected = await storedEventIds(ids);
    for (const [n, client] of resumed.entries()) {
      await receivedAll(client, expected.slice(1));
      const before = onB[n]?.events ?? [];
      expect([...idsOf(before, ids), ...idsOf(client.events, ids)]).toEqual(expected);
    }
    await trackerAgain.endOfStream();
    const statusOf = (event: ReceivedEvent) =>
      (JSON.parse(event.data) as { status: string }).status;
    expect(trackerAgain.events.map(statusOf)).toEqual(['in-progress', 'completed']);
  }, 60_000);

  it('guarantee: an outage of NATS is logged once when it starts and once when it ends, however many times the relay tries meanwhile', async () => {
    const { logger, lines } = capturingLogger();
    const said = (text: string) => lines().filter((line) => String(line['msg']).startsWith(text));
    const events = startOrderEventsBroker(testDb.db, ordersRepository(), logger, {
      natsUrl: broker().url,
      pollMs: 20,
      settleMs: 100,
      replicas: 1,
    });
    try {
      await expect.poll(() => said('connected to NATS'), { timeout: 10_000 }).toHaveLength(1);
      await broker().stop();
      await place(testDb.db, (await instances.start(instanceEnvironment(testDb))).url);
      // Two tries at least: while the connection is down a publication waits 5 s for its answer.
      await sleep(11_000);
      await broker().start();
      await expect
        .poll(() => said('publishing order events works again'), { timeout: 20_000 })
        .toHaveLength(1);

      expect(said('publishing order events failed')).toHaveLength(1);
      expect(said('publishing order events works again')[0]?.['tries']).toBeGreaterThan(1);
      expect(said('NATS connection lost')).toHaveLength(1);
    } finally {
      await events.stop();
    }
  }, 60_000);

  it("guarantee (the broker's part of the relay's): a message id already in the stream is answered as a repeat with its sequence, whatever the relay expected, and a new message expecting an older last sequence is refused", async () => {
    const nc = await connect({ servers: broker().url });
    try {
      await ensureOrdersStream(await jetstreamManager(nc), 1);
      const js = jetstream(nc);
      const event = (n: number) =>
        encodeEvent({
          id: `${1795600800000 + n}-0123456789abcdef01234567-${n}`,
          event: n === 0 ? 'order.placed' : 'order.status',
          data: { id: '0123456789abcdef01234567', status: 'in-progress', at: '…' },
        });

      expect(await publishEvent(js, event(0), 0, 5_000)).toEqual({ kind: 'stored', seq: 1 });
      expect(await publishEvent(js, event(1), 1, 5_000)).toEqual({ kind: 'stored', seq: 2 });
      expect(await publishEvent(js, event(0), 0, 5_000)).toEqual({ kind: 'repeat', seq: 1 });
      expect(await publishEvent(js, event(2), 1, 5_000)).toEqual({ kind: 'behind' });
      expect(await streamMessageIds()).toEqual([event(0).msgId, event(1).msgId]);
    } finally {
      await nc.close();
    }
  });
});
