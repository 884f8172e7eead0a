import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  idOf,
  instanceEnvironment,
  move,
  place as placeThrough,
  serviceInstances,
} from './instances.js';
import { AS_CUSTOMER, AS_STAFF } from './support.js';

const testDb = useTestDatabase('orders_event_instances');
const environment = () => instanceEnvironment(testDb);
const instances = serviceInstances();
afterEach(() => instances.closeAll());

const startInstance = () => instances.start(environment());
const open = (url: string, authorization: string) => instances.open(url, { authorization });
const place = (url: string) => placeThrough(testDb.db, url);

describe('two instances on one database', () => {
  it('when orders are placed and moved through instance A, then a kitchen stream on instance B and a tracker on A get every event of them, in order', async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const kitchen = await open(`${b.url}/orders/events`, AS_STAFF);

    const first = await place(a.url);
    const tracker = await open(`${a.url}/orders/${first}/events`, AS_CUSTOMER);
    const second = await place(b.url);
    await move(a.url, first, 'in-progress');
    await move(b.url, second, 'in-progress');
    await move(a.url, first, 'completed');
    await tracker.endOfStream();
    const ours = () => kitchen.events.filter((event) => [first, second].includes(idOf(event)));
    await kitchen.received(5);

    expect(ours().map((event) => `${event.event} ${idOf(event)}`)).toEqual([
      `order.placed ${first}`,
      `order.placed ${second}`,
      `order.status ${first}`,
      `order.status ${second}`,
      `order.status ${first}`,
    ]);
    expect(tracker.events.map((event) => event.event)).toEqual([
      'order.placed',
      'order.status',
      'order.status',
    ]);
  });

  it('when instance B stops, then its streams end at once and a kitchen resuming on A with Last-Event-ID misses nothing', async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const kitchen = await open(`${b.url}/orders/events`, AS_STAFF);
    const first = await place(a.url);
    await kitchen.until(() => kitchen.events.some((event) => idOf(event) === first), 'the order');
    const last = kitchen.events[kitchen.events.length - 1];

    // The grace is a minute: a stop that waited for the open stream would outlast the test.
    await b.stop();
    await kitchen.endOfStream();
    expect(kitchen.endedCleanly).toBe(true);
    await move(a.url, first, 'in-progress');
    await move(a.url, first, 'completed');
    const resumed = await instances.open(`${a.url}/orders/events`, {
      authorization: AS_STAFF,
      'last-event-id': last?.id ?? 'none',
    });
    await resumed.received(2);

    expect(last?.event).toBe('order.placed');
    expect(resumed.events.map((event) => `${event.event} ${idOf(event)}`)).toEqual([
      `order.status ${first}`,
      `order.status ${first}`,
    ]);
  });
});

describe('the service process', () => {
  it('when it gets SIGTERM with streams open, then they end and the process exits 0', async () => {
    const child = spawn(
      process.execPath,
      ['--conditions=development', '--import', 'tsx', 'src/main.ts'],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { ...process.env, ...environment(), LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      let output = '';
      const url = await new Promise<string>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /"url":"(http:\/\/localhost:\d+)"/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
      });
      const kitchen = await open(`${url}/orders/events`, AS_STAFF);
      const order = await place(url);
      const tracker = await open(`${url}/orders/${order}/events`, AS_CUSTOMER);
      await tracker.received(1);
      const exited = once(child, 'exit');

      child.kill('SIGTERM');
      await Promise.all([kitchen.endOfStream(), tracker.endOfStream()]);

      expect([kitchen.endedCleanly, tracker.endedCleanly]).toEqual([true, true]);
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
