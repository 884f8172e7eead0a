import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, type TestContext } from 'vitest';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import {
  mongoAddress,
  startFaultProxy,
  type FaultMode,
  type FaultProxy,
} from '../src/testing/fault-proxy.js';
import type { RunningChild } from './child-process.js';
import {
  countLines,
  listeningUrl,
  NO_HANG_MS,
  postThing,
  startMongoFixture,
  timed,
} from './mongo-fixture.js';

const testDb = useTestDatabase('common_outage');

/** A proxy of the test's (`context`) own in front of the database, so the tests run side by side. */
async function ownProxy(context: TestContext): Promise<FaultProxy> {
  const proxy = await startFaultProxy(mongoAddress(testDb.uri));
  context.onTestFinished(() => proxy.close());
  return proxy;
}

/** The fixture service through `proxy`, for the test `context` alone. */
function startService(
  context: TestContext,
  proxy: FaultProxy,
  env: Record<string, string> = {},
): RunningChild {
  return startMongoFixture(context, proxy.mongoUri(testDb.uri), testDb.dbName, env);
}

async function waitUntilReady(url: string): Promise<void> {
  for (;;) {
    const { status } = await timed(`${url}/readyz`);
    if (status === 200) return;
    await sleep(100);
  }
}

// Each test has a proxy and a service of its own, so they wait out their deadlines side by side.
describe.concurrent('a service whose database is lost while it runs', () => {
  it.for<FaultMode>(['stall', 'drop'])(
    'when the database connection is made to %s, then reads and writes fail with the generic 500 without hanging, /readyz is 503, the service recovers by itself, every acknowledged write is stored and the outage is logged once each way without stacks',
    async (fault, context) => {
      const proxy = await ownProxy(context);
      const service = startService(context, proxy);
      const url = await listeningUrl(service);
      const acknowledged: string[] = [];
      const write = async (name: string) => {
        const answer = await postThing(url, name);
        if (answer.status === 201) acknowledged.push(name);
        return answer;
      };

      expect((await write(`${fault}-before`)).status).toBe(201);
      expect((await timed(`${url}/readyz`)).status).toBe(200);

      proxy.setMode(fault);
      // Several at once, as under load: none waits for another.
      const during = await Promise.all([
        timed(`${url}/things`),
        write(`${fault}-during-1`),
        timed(`${url}/things`),
        write(`${fault}-during-2`),
      ]);
      for (const answer of during) {
        expect(answer.status).toBe(500);
        expect(JSON.parse(answer.body)).toEqual({ error: 'Something went wrong' });
        expect(answer.ms).toBeLessThan(NO_HANG_MS);
      }
      const readiness = await timed(`${url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(readiness.ms).toBeLessThan(NO_HANG_MS);
      await service.waitForLog((line) => line.msg === 'database unreachable');
      expect((await timed(`${url}/healthz`)).status).toBe(200);

      proxy.setMode('pass');
      await waitUntilReady(url);
      expect((await write(`${fault}-after`)).status).toBe(201);
      await service.waitForLog((line) => line.msg === 'database reachable again');

      const stored = await testDb.db
        .collection<{ name: string }>('things')
        .find({ name: { $in: acknowledged } })
        .toArray();
      expect(stored.map(({ name }) => name).sort()).toEqual([...acknowledged].sort());

      expect(countLines(service, 'database unreachable')).toBe(1);
      expect(countLines(service, 'database reachable again')).toBe(1);
      expect(countLines(service, 'requests failed: database unavailable')).toBe(1);
      expect(countLines(service, 'unexpected error while handling a request')).toBe(0);
      expect(service.stdout()).not.toContain('"stack"');
    },
  );
});

describe.concurrent('a service whose database is not there at start', () => {
  it('when nothing answers until MONGODB_CONNECT_TIMEOUT_MS has passed, then it logs each attempt naming the host and exits 1 with one fatal line', async (context) => {
    const proxy = await ownProxy(context);
    proxy.setMode('drop');
    const service = startService(context, proxy, { MONGODB_CONNECT_TIMEOUT_MS: '3000' });
    expect(await service.exited).toBe(1);
    const output = service.stdout();
    const host = `127.0.0.1:${proxy.port}`;
    expect(countLines(service, 'MongoDB not reachable yet, retrying')).toBeGreaterThanOrEqual(1);
    expect(output).toContain(`Could not connect to MongoDB at ${host}`);
    expect(output).not.toContain('listening');
  });

  it('when MONGODB_CONNECT_TIMEOUT_MS is not a number, then start-up stops naming it', async (context) => {
    const service = startService(context, await ownProxy(context), {
      MONGODB_CONNECT_TIMEOUT_MS: 'soon',
    });
    expect(await service.exited).toBe(1);
    expect(service.stdout()).toContain(
      'MONGODB_CONNECT_TIMEOUT_MS: must be a whole number of milliseconds',
    );
  });
});
