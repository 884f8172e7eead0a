import { createServer } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHttpApp, runService, type RunningService } from '@repo/common';
import { runSlowService, startSlowService, type RunningChild } from './child-process.js';

describe('runService as a process, observed without being stopped', () => {
  // One process for the tests that only read what it logs and answers: each start costs a
  // process and its module loading.
  let running: RunningChild | undefined;
  const shared = (): RunningChild => {
    running ??= runSlowService();
    return running;
  };

  afterAll(() => {
    if (running?.child.exitCode === null) running.child.kill('SIGKILL');
  });

  it('when outside production a secret is missing, then the development value is used with a warning', async () => {
    const warning = await shared().waitForLog(
      (line) =>
        line.msg === 'using development secrets; set these variables for any shared deployment',
    );
    expect(warning.variables).toEqual(['FIXTURE_TOKEN']);
  });

  it('when nothing in the app answers a request, then the runner answers 404 naming the method and path', async () => {
    const listening = await shared().waitForLog((line) => line.msg === 'fixture listening');
    const response = await fetch(`${String(listening.url)}/nowhere?x=1`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Cannot DELETE /nowhere');
  });

  it('when an error passes every error handler, then the runner answers 500 without details and logs the error', async () => {
    const listening = await shared().waitForLog((line) => line.msg === 'fixture listening');
    const response = await fetch(`${String(listening.url)}/fail`, {
      headers: { 'x-request-id': 'lost-in-the-runner' },
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Internal Server Error');
    const logged = await shared().waitForLog(
      (line) => line.msg === 'request failed outside every error handler',
    );
    expect(logged.err).toMatchObject({ message: 'fixture failure' });
    expect(logged.requestId).toBe('lost-in-the-runner');
  });
});

// Each test has a process of its own, so they run side by side: most of their time is waiting
// for a process to start, to finish a slow request or to exit.
describe.concurrent('runService as a process', () => {
  it('when SIGTERM arrives during a slow request, then the request completes and the process exits 0 after closing its dependencies', async (context) => {
    const service = startSlowService(context);
    const listening = await service.waitForLog((line) => line.msg === 'fixture listening');
    const url = String(listening.url);

    const slow = fetch(`${url}/slow?ms=1500`);
    await service.waitForLog((line) => line.msg === 'slow request started');
    service.child.kill('SIGTERM');

    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(await service.exited).toBe(0);
    const messages = service.stdout();
    expect(messages).toContain('dependencies closed');
    expect(messages).toContain('fixture stopped');
  });

  it('when the process is stopping, then during the drain /readyz is 503 and answers close their connections, and after it new connections are refused', async (context) => {
    const service = startSlowService(context, { SHUTDOWN_DRAIN_MS: '600' });
    const listening = await service.waitForLog((line) => line.msg === 'fixture listening');
    const url = String(listening.url);
    const slow = fetch(`${url}/slow?ms=1500`);
    await service.waitForLog((line) => line.msg === 'slow request started');
    service.child.kill('SIGTERM');
    await service.waitForLog((line) => line.msg === 'fixture shutting down');
    const readiness = await fetch(`${url}/readyz`);
    expect(readiness.status).toBe(503);
    expect(readiness.headers.get('connection')).toBe('close');
    expect(await readiness.json()).toEqual({ status: 'shutting down' });
    await service.waitForLog((line) => line.msg === 'fixture stopped accepting');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    const answered = await slow;
    expect(answered.status).toBe(200);
    expect(answered.headers.get('connection')).toBe('close');
    expect(await service.exited).toBe(0);
  });

  it('when one Ctrl-C arrives twice at once (from the terminal and relayed), then the stop stays graceful and the process exits 0', async (context) => {
    const service = startSlowService(context);
    const listening = await service.waitForLog((line) => line.msg === 'fixture listening');
    const slow = fetch(`${String(listening.url)}/slow?ms=1500`);
    await service.waitForLog((line) => line.msg === 'slow request started');
    service.child.kill('SIGINT');
    service.child.kill('SIGTERM');

    expect((await slow).status).toBe(200);
    expect(await service.exited).toBe(0);
    expect(service.stdout()).not.toContain('second stop signal');
  });

  it('when a second stop signal comes a second or more after the first, then the process exits at once with 1', async (context) => {
    const service = startSlowService(context);
    const listening = await service.waitForLog((line) => line.msg === 'fixture listening');
    const stuck = fetch(`${String(listening.url)}/slow?ms=60000`).catch((error: unknown) => error);
    await service.waitForLog((line) => line.msg === 'slow request started');
    service.child.kill('SIGTERM');
    await service.waitForLog((line) => line.msg === 'fixture shutting down');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    service.child.kill('SIGTERM');

    expect(await service.exited).toBe(1);
    expect(service.stdout()).toContain('second stop signal');
    expect(await stuck).toBeInstanceOf(Error);
  });

  it('when a request outlives the grace period, then the process still exits', async (context) => {
    const service = startSlowService(context, { FIXTURE_GRACE_MS: '200' });
    const listening = await service.waitForLog((line) => line.msg === 'fixture listening');
    const stuck = fetch(`${String(listening.url)}/slow?ms=60000`).catch((error: unknown) => error);
    await service.waitForLog((line) => line.msg === 'slow request started');
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(await stuck).toBeInstanceOf(Error);
  });

  it('when NODE_ENV is production and a secret is missing, then start-up stops with a message naming it', async (context) => {
    const service = startSlowService(context, { NODE_ENV: 'production' });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain('FIXTURE_TOKEN');
    expect(service.stderr()).toContain('is required when NODE_ENV=production');
    expect(service.stdout()).not.toContain('listening');
  });

  it('when NODE_ENV is production and the secret is set, then the service starts without a warning', async (context) => {
    const service = startSlowService(context, {
      NODE_ENV: 'production',
      FIXTURE_TOKEN: 'real-secret',
    });
    await service.waitForLog((line) => line.msg === 'fixture listening');
    expect(service.stdout()).not.toContain('using development secrets');
  });

  it('when PORT is not a number, then start-up stops with a message naming PORT', async (context) => {
    const service = startSlowService(context, { PORT: 'eighty' });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toMatch(/PORT: must be a port number/);
  });

  it('when the port is taken, then start-up stops with one clear line and no stack trace', async (context) => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const service = startSlowService(context, { PORT: String(port) });
      expect(await service.exited).toBe(1);
      expect(service.stdout()).toContain(`fixture: port ${port} is already in use`);
      expect(service.stdout()).not.toContain('"stack"');
    } finally {
      blocker.close();
    }
  });
});

describe('runService probes', () => {
  let running: RunningService | undefined;

  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  async function start(isReady: () => Promise<boolean>) {
    running = await runService({
      name: 'probe-fixture',
      ownsProcess: false,
      loadConfig: () => ({ PORT: 0, LOG_LEVEL: 'silent' }),
      connect: (_config, logger) => Promise.resolve({ deps: logger, isReady }),
      createApp: (logger) => {
        const app = createHttpApp({ logger });
        app.get('/hello', (_req, res) => {
          res.send('hello');
        });
        return app;
      },
    });
    return running;
  }

  it('when the dependencies answer, then /healthz and /readyz are 200 and app routes still work', async () => {
    const service = await start(() => Promise.resolve(true));
    await request(service.url).get('/healthz').expect(200, { status: 'ok' });
    await request(service.url).get('/readyz').expect(200, { status: 'ready' });
    await request(service.url).get('/hello').expect(200, 'hello');
  });

  it('when the dependencies do not answer, then /readyz is 503 while /healthz stays 200', async () => {
    const service = await start(() => Promise.resolve(false));
    await request(service.url).get('/healthz').expect(200);
    await request(service.url).get('/readyz').expect(503, { status: 'dependencies unavailable' });
  });

  it('when HTTP_SEND_TIMEOUT_MS is not set, then a connection on which nothing moves is cut off after 60 s, as by nginx', async () => {
    const service = await start(() => Promise.resolve(true));
    expect(service.server.timeout).toBe(60_000);
  });

  it('when the readiness check throws, then /readyz is 503', async () => {
    const service = await start(() => Promise.reject(new Error('boom')));
    await request(service.url).get('/readyz').expect(503);
  });
});
