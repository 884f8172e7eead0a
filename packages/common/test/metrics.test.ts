import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp, runService, type RunningService } from '@repo/common';

let running: RunningService | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** A service whose `/hold` answers only when told, so a request can be caught in flight. */
async function startHoldingService() {
  let arrived: () => void = () => undefined;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  let closed: () => void = () => undefined;
  const closing = new Promise<void>((resolve) => (closed = resolve));
  running = await runService({
    name: 'metrics-test',
    ownsProcess: false,
    shutdownDrainMs: 0,
    loadConfig: () => ({ PORT: 0, LOG_LEVEL: 'silent' }),
    connect: (_config, logger) => Promise.resolve({ deps: logger }),
    createApp: (logger) => {
      const app = createHttpApp({ logger });
      app.get('/hold', (_req, res) => {
        res.on('close', closed);
        arrived();
      });
      app.get('/fast', (_req, res) => {
        res.json({ ok: true });
      });
      return app;
    },
  });
  return { url: running.url, arrival, closing };
}

async function metricValue(url: string, name: string): Promise<string[]> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text.split('\n').filter((line) => line.startsWith(name));
}

describe('http_requests_in_flight', () => {
  it('when a request is being handled, then it counts; when its client goes away unanswered, then it no longer does and it is not in the histogram', async () => {
    const { url, arrival, closing } = await startHoldingService();
    const held = httpRequest(`${url}/hold`);
    held.on('error', () => undefined);
    held.end();
    await arrival;
    expect(await metricValue(url, 'http_requests_in_flight')).toEqual([
      'http_requests_in_flight 1',
    ]);

    held.destroy();
    await closing;
    await fetch(`${url}/fast`).then((response) => response.text());
    expect(await metricValue(url, 'http_requests_in_flight')).toEqual([
      'http_requests_in_flight 0',
    ]);
    expect(await metricValue(url, 'http_request_duration_seconds_count')).toEqual([
      'http_request_duration_seconds_count{method="GET",route="/fast",status_code="200"} 1',
    ]);
  });

  it('when /metrics is asked with HEAD, then it answers 200 with the exposition type and no body', async () => {
    const { url } = await startHoldingService();
    const response = await fetch(`${url}/metrics`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toBe('');
  });
});

describe('timed requests', () => {
  it('when metrics are on, then requests are still built with the app prototypes before the app sees them', async () => {
    let app: Express | undefined;
    running = await runService({
      name: 'metrics-prototypes-test',
      ownsProcess: false,
      loadConfig: () => ({ PORT: 0, LOG_LEVEL: 'silent' }),
      connect: (_config, logger) => Promise.resolve({ deps: logger }),
      createApp: (logger) => {
        app = createHttpApp({ logger });
        app.get('/fast', (_req, res) => {
          res.json({ ok: true });
        });
        return app;
      },
    });
    let seen: unknown;
    // Runs before the service's own listener, so before Express could switch the prototype.
    running.server.prependListener('request', (req: IncomingMessage) => {
      seen = Object.getPrototypeOf(req);
    });
    await fetch(`${running.url}/fast`).then((response) => response.text());
    expect(seen).toBe(app?.request);
  });
});

describe('METRICS_PORT', () => {
  it('when the metrics port is taken, then start-up stops with a message naming METRICS_PORT', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const taken = (blocker.address() as AddressInfo).port;
    try {
      const starting = runService({
        name: 'metrics-port-test',
        ownsProcess: false,
        loadConfig: () => ({ PORT: 0, LOG_LEVEL: 'silent', METRICS_PORT: taken }),
        connect: (_config, logger) => Promise.resolve({ deps: logger }),
        createApp: (logger) => createHttpApp({ logger }),
      });
      await expect(starting).rejects.toThrow(
        `metrics-port-test: Invalid configuration:\n  - METRICS_PORT: port ${taken} is already in use`,
      );
    } finally {
      blocker.close();
    }
  });
});
