import { trickleHeaders, unfinishedBody } from '@repo/common/testing';
import { seconds, type ScenarioResult } from '../result.js';
import { killService, startService } from '../service-process.js';

export interface SlowClientOptions {
  env: Record<string, string>;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

/**
 * 200 connections trickling a request head one byte a second while a normal client asks the
 * tutorial service (no database, so only the HTTP server is measured) for a page every 100 ms;
 * then one request whose body never finishes.
 */
export async function slowClients(options: SlowClientOptions): Promise<ScenarioResult> {
  const service = await startService('tutorial', {
    ...options.env,
    HTTP_HEADERS_TIMEOUT_MS: String(options.headersTimeoutMs),
    HTTP_REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs),
  });
  try {
    const started = Date.now();
    const trickling = trickleHeaders(service.url, 200, 1_000);
    const latencies: number[] = [];
    let failures = 0;
    const closedAt = trickling.allClosed.then(() => Date.now() - started);
    let allClosed = false;
    void closedAt.then(() => (allClosed = true));
    while (!allClosed) {
      const sent = Date.now();
      const response = await fetch(`${service.url}/person/1`).catch(() => undefined);
      if (response?.status === 200) {
        await response.arrayBuffer();
        latencies.push(Date.now() - sent);
      } else failures += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cutAfter = await closedAt;
    const body = await unfinishedBody(service.url, '/postData');
    const slowest = latencies.reduce((a, b) => Math.max(a, b), 0);
    const status = /^HTTP\/1\.1 (\d+)/.exec(body.answer)?.[1] ?? 'no answer';
    return {
      scenario: `200 conns trickling 1 header byte/s + 1 unfinished body: tutorial`,
      sent: `${latencies.length + failures} normal requests meanwhile`,
      lost: `${failures} failed, slowest ${seconds(slowest)}`,
      recovery:
        `trickling conns cut after ${seconds(cutAfter)} (headers deadline ${seconds(options.headersTimeoutMs)}); ` +
        `unfinished body answered ${status} after ${seconds(body.ms)} (request deadline ${seconds(options.requestTimeoutMs)})`,
      ok: failures === 0 && status === '408',
    };
  } finally {
    await killService(service);
  }
}
