import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { trickleHeaders, unfinishedBody } from '../src/testing/slow-clients.js';
import { runFixture, type RunningChild } from './child-process.js';

const fixture = fileURLToPath(new URL('./fixtures/slow-service.ts', import.meta.url));
const children: RunningChild[] = [];

afterEach(() => {
  for (const { child } of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function start(env: Record<string, string>): Promise<string> {
  const service = runFixture(fixture, { PORT: '0', LOG_LEVEL: 'info', ...env });
  children.push(service);
  const listening = await service.waitForLog((line) => line.msg === 'fixture listening');
  return String(listening.url);
}

describe('slow clients', () => {
  it('when 200 connections trickle a request head one byte at a time, then a normal request is answered while they hang on, and the header deadline closes every one of them', async () => {
    const url = await start({ HTTP_HEADERS_TIMEOUT_MS: '1500', HTTP_REQUEST_TIMEOUT_MS: '3000' });
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

  it('when a client never finishes its body, then the request deadline answers 408 and closes the connection', async () => {
    const url = await start({ HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1000' });
    const { answer } = await unfinishedBody(url, '/echo');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('when the header deadline is longer than the request deadline, then start-up stops naming the variable', async () => {
    const service = runFixture(fixture, {
      PORT: '0',
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_REQUEST_TIMEOUT_MS: '1000',
    });
    children.push(service);
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain(
      'HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  });
});
