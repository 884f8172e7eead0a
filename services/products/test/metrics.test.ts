import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { runService, type RunningService } from '@repo/common';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { loadConfig } from '../src/config.js';
import { service } from '../src/service.js';
import { uniqueName } from './support.js';

const testDb = useTestDatabase('products_metrics');

let running: RunningService | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** The whole service on a free port over this file's database, with extra variables. */
async function start(variables: Record<string, string> = {}): Promise<RunningService> {
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    MONGODB_URI: testDb.uri,
    MONGODB_DB: testDb.dbName,
    ...variables,
  });
  running = await runService({ ...service, ownsProcess: false, loadConfig: () => config });
  return running;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition, `# HELP` and `# TYPE` lines aside. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) throw new Error(`not a Prometheus sample line: ${line}`);
    const [, name = '', labelText = '', value = ''] = match;
    const labels: Record<string, string> = {};
    for (const [, key = '', labelValue = ''] of labelText.matchAll(
      /\b(\w+)="((?:[^"\\]|\\.)*)"/g,
    )) {
      labels[key] = labelValue;
    }
    samples.push({ name, labels, value: Number(value) });
  }
  return samples;
}

async function scrape(url: string): Promise<Sample[]> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await response.text());
}

/** `http_request_duration_seconds_count` by `method route status_code`. */
function requestCounts(samples: Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { name, labels, value } of samples) {
    if (name !== 'http_request_duration_seconds_count') continue;
    counts[`${labels.method} ${labels.route} ${labels.status_code}`] = value;
  }
  return counts;
}

const randomId = (): string => randomBytes(12).toString('hex');

/** How many unknown ids are asked for, one at a time: enough that a label per id would show. */
const DISTINCT_IDS = 300;

describe('GET /metrics', () => {
  it('when requests were served, then the histogram counts exactly them by route template, method and status, and never the scrapes', async () => {
    const { url } = await start();
    const created = await request(url)
      .post('/products')
      .send({ modelName: uniqueName('metered'), price: 3, quantity: 1 });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    expect((await request(url).get(`/products/${id}`)).status).toBe(200);
    // Distinct ids: one route label, not one per id (over a kept-alive connection).
    for (let sent = 0; sent < DISTINCT_IDS; sent += 1) {
      const response = await fetch(`${url}/products/${randomId()}`);
      await response.arrayBuffer();
      expect(response.status).toBe(404);
    }
    // Unmatched paths and methods share one route value.
    expect((await request(url).get('/nowhere/1')).status).toBe(404);
    expect((await request(url).get('/nowhere/2')).status).toBe(404);
    expect((await request(url).put('/products')).status).toBe(404);
    // Probes are answered in front of the app and are not the API's traffic.
    expect((await request(url).get('/healthz')).status).toBe(200);

    const first = await scrape(`${url}/metrics`);
    expect(requestCounts(first)).toEqual({
      'POST /products 201': 1,
      'GET /products/:id 200': 1,
      'GET /products/:id 404': DISTINCT_IDS,
      'GET unmatched 404': 2,
      'PUT unmatched 404': 1,
    });
    const routes = new Set(
      first
        .filter((s) => s.name.startsWith('http_request_duration_seconds'))
        .map((s) => s.labels.route),
    );
    expect([...routes].sort()).toEqual(['/products', '/products/:id', 'unmatched']);
    // Every observation falls in the +Inf bucket, so it equals the count.
    const infinite = first.find(
      (s) =>
        s.name === 'http_request_duration_seconds_bucket' &&
        s.labels.route === '/products/:id' &&
        s.labels.status_code === '404' &&
        s.labels.le === '+Inf',
    );
    expect(infinite?.value).toBe(DISTINCT_IDS);
    expect(first.find((s) => s.name === 'http_requests_in_flight')?.value).toBe(0);

    const second = await scrape(`${url}/metrics`);
    expect(requestCounts(second)).toEqual(requestCounts(first));
  });

  it("when it is scraped, then it has Node's process metrics and the MongoDB pool with nothing checked out or waiting", async () => {
    const { url } = await start();
    const names = new Set((await scrape(`${url}/metrics`)).map((s) => s.name));
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'mongodb_pool_checked_out_connections',
      'mongodb_pool_wait_queue_size',
    ]) {
      expect(names).toContain(name);
    }
    // At rest means once the stock recovery the service starts with has finished: on a busy
    // machine it can still hold its connection, or wait for one, at the first scrape. The gauges
    // are the process's, and a test worker runs other files' services in the same process before
    // this one. Counts that never come back to zero (a check-out counted twice, a check-in
    // missed) fail after the bound.
    const pool = (samples: Sample[]): number[] =>
      ['mongodb_pool_checked_out_connections', 'mongodb_pool_wait_queue_size'].map(
        (name) => samples.find((s) => s.name === name)?.value ?? Number.NaN,
      );
    let samples = await scrape(`${url}/metrics`);
    for (let waited = 0; pool(samples).some((n) => n !== 0) && waited < 5_000; waited += 50) {
      await sleep(50);
      samples = await scrape(`${url}/metrics`);
    }
    expect(pool(samples)).toEqual([0, 0]);
  });

  it('when another method asks for /metrics, then the app answers it as any unmatched request', async () => {
    const { url } = await start();
    const response = await request(url).post('/metrics');
    expect(response.status).toBe(404);
    expect(response.text).toBe('Cannot POST /metrics');
  });

  it('when METRICS_PORT is set, then the metrics are served there alone and the service port answers /metrics with its 404', async () => {
    const { url } = await start({ METRICS_PORT: '0' });
    const onServicePort = await request(url).get('/metrics');
    expect(onServicePort.status).toBe(404);
    expect(onServicePort.text).toBe('Cannot GET /metrics');
    const listening = running as RunningService;
    expect(listening.metricsUrl).toMatch(/^http:\/\/localhost:\d+\/metrics$/);
    expect(listening.metricsUrl).not.toBe(`${url}/metrics`);
    const counts = requestCounts(await scrape(listening.metricsUrl ?? ''));
    // The 404 above went through the app and was counted; the scrape on the other port was not.
    expect(counts).toEqual({ 'GET unmatched 404': 1 });
  });

  it('when METRICS=off, then /metrics is the plain-text 404 of any unmatched route', async () => {
    const { url, metricsUrl } = await start({ METRICS: 'off' });
    expect(metricsUrl).toBeUndefined();
    const response = await request(url).get('/metrics');
    expect(response.status).toBe(404);
    expect(response.text).toBe('Cannot GET /metrics');
  });
});
