import { afterEach, describe, expect, it } from 'vitest';
import {
  createHttpApp,
  openEventStream,
  OpenStreams,
  runService,
  type RunningService,
} from '@repo/common';
import { EventStreamClient } from '@repo/common/testing';

let running: RunningService | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/**
 * A service whose `/events` sends one event and then only comment lines, every 20 ms; its grace
 * is a minute, so a stop that waited for an open stream would outlast the test.
 */
async function startStreaming(): Promise<RunningService> {
  const streams = new OpenStreams();
  running = await runService({
    name: 'stream-fixture',
    ownsProcess: false,
    shutdownDrainMs: 0,
    shutdownGraceMs: 60_000,
    loadConfig: () => ({ PORT: 0, LOG_LEVEL: 'silent' }),
    connect: (_config, logger) =>
      Promise.resolve({ deps: logger, endStreams: () => streams.endAll() }),
    createApp: (logger) => {
      const app = createHttpApp({ logger });
      app.get('/events', (_req, res) => {
        const stream = openEventStream(res, { heartbeatMs: 20 });
        streams.add(stream);
        stream.send({ id: '1', event: 'hello', data: { text: 'a\nb' } });
      });
      return app;
    },
  });
  return running;
}

describe('an event stream', () => {
  it('when a client connects, then it gets the headers that keep proxies from buffering, the event with its data as one JSON line, and comment lines while idle', async () => {
    const service = await startStreaming();
    const client = await EventStreamClient.open(`${service.url}/events`, {});

    await client.received(1);
    await client.commented(2);
    client.close();

    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-cache');
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect(client.events).toEqual([{ id: '1', event: 'hello', data: '{"text":"a\\nb"}' }]);
  });

  it('when the service stops, then its open streams end cleanly at once and the stop does not wait out its grace', async () => {
    const service = await startStreaming();
    const clients = await Promise.all(
      [1, 2, 3].map(() => EventStreamClient.open(`${service.url}/events`, {})),
    );
    await Promise.all(clients.map((client) => client.received(1)));

    await service.stop();
    running = undefined;
    await Promise.all(clients.map((client) => client.endOfStream()));

    expect(clients.map((client) => client.endedCleanly)).toEqual([true, true, true]);
  });
});
