import { describe, expect, it, type TestContext } from 'vitest';
import { trickleHeaders, unfinishedBody } from '../src/testing/slow-clients.js';
import { startSlowService } from './child-process.js';

async function start(context: TestContext, env: Record<string, string>): Promise<string> {
  const service = startSlowService(context, env);
  const listening = await service.waitForLog((line) => line.msg === 'fixture listening');
  return String(listening.url);
}

// Each test has a process of its own, so they wait out their deadlines side by side.
describe.concurrent('slow clients', () => {
  it('when 200 connections trickle a request head one byte at a time, then a normal request is answered while they hang on, and the header deadline closes every one of them', async (context) => {
    const url = await start(context, {
      HTTP_HEADERS_TIMEOUT_MS: '1500',
      HTTP_REQUEST_TIMEOUT_MS: '3000',
    });
    const trickling = trickleHeaders(url, 200, 50);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const response = await fetch(`${url}/slow?ms=1`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ done: true });
      // Answered while the slow connections were still held open, not after they were cut.
      expect(trickling.open()).toBeGreaterThan(0);
      await trickling.allClosed;
      expect(trickling.open()).toBe(0);
    } finally {
      trickling.stop();
    }
  });

  it('when a client never finishes its body, then the request deadline answers 408 and closes the connection', async (context) => {
    const url = await start(context, {
      HTTP_HEADERS_TIMEOUT_MS: '500',
      HTTP_REQUEST_TIMEOUT_MS: '1000',
    });
    const { answer } = await unfinishedBody(url, '/echo');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('when the header deadline is longer than the request deadline, then start-up stops naming the variable', async (context) => {
    const service = startSlowService(context, {
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_REQUEST_TIMEOUT_MS: '1000',
    });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain(
      'HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  });
});
