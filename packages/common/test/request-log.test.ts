import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createHttpApp, flushLogger, type Logger } from '@repo/common';
import { createLogger } from '../src/runtime/logger.js';
import { runFixture } from './child-process.js';

/** A GET with the path sent byte for byte as given. */
function rawGet(port: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get({ port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', resolve);
    }).on('error', reject);
  });
}

/** A destination that keeps every line written to it. */
function lineDestination(): { destination: Writable; rawLines: () => string[] } {
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { destination, rawLines: () => text.split('\n').filter((line) => line.length > 0) };
}

function requestLinesOf(rawLines: string[]): Record<string, unknown>[] {
  return rawLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request completed');
}

/** A logger made by createLogger, whose lines are kept in memory. */
function loggerWithLines(name = 'request-log-test'): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
  rawLines: () => string[];
} {
  const { destination, rawLines } = lineDestination();
  const logger = createLogger({ name, destination });
  return { logger, lines: () => requestLinesOf(rawLines()), rawLines };
}

describe('request log', () => {
  it('when a response finishes, then its line is written, stamped with the finish time', async () => {
    const { logger, lines } = loggerWithLines();
    const app = createHttpApp({ logger });
    app.get('/ping', (_req, res) => {
      res.json({ ok: true });
    });

    const before = Date.now();
    await request(app).get('/ping?x=1');
    const answered = Date.now();
    await vi.waitFor(() => expect(lines()).toHaveLength(1));

    const written = lines();
    expect(written[0]).toMatchObject({ method: 'GET', url: '/ping?x=1', status: 200 });
    expect(typeof written[0]?.requestId).toBe('string');
    expect(typeof written[0]?.ms).toBe('number');
    expect(written[0]?.time).toBeGreaterThanOrEqual(before);
    expect(written[0]?.time).toBeLessThanOrEqual(answered);
  });

  it('when flushLogger is called, then waiting request lines are written at once', async () => {
    const { logger, lines } = loggerWithLines();
    const app = createHttpApp({ logger });
    app.get('/ping', (_req, res) => {
      res.sendStatus(204);
    });
    await Promise.all([request(app).get('/ping'), request(app).get('/ping')]);
    await flushLogger(logger);
    expect(lines().map((line) => line.status)).toEqual([204, 204]);
  });

  it('when a path holds quotes, backslashes or escapes, then the line holds it as sent, in valid JSON', async () => {
    const served = loggerWithLines();
    const app = createHttpApp({ logger: served.logger });
    app.use((_req, res) => {
      res.sendStatus(204);
    });
    const paths = [
      '/plain',
      '/quote"and\\backslash?q="x"',
      '/caf%C3%A9/%00?text=%E2%9C%93',
      `/long?${'x'.repeat(150)}`,
    ];
    // Sent as written (supertest would normalise the quotes and the backslash away).
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      for (const path of paths) await rawGet(port, path);
      await request(server).post('/plain').send({ body: true });
    } finally {
      server.close();
    }
    await flushLogger(served.logger);

    expect(served.lines().map((line) => line.url)).toEqual([...paths, '/plain']);
    expect(served.lines().map((line) => line.method)).toEqual([...paths.map(() => 'GET'), 'POST']);
  });

  it('when the logger is above info level, then no request line is written', async () => {
    const { destination, rawLines } = lineDestination();
    const logger = createLogger({ name: 'quiet', level: 'warn', destination });
    const app = createHttpApp({ logger });
    app.get('/ping', (_req, res) => {
      res.sendStatus(204);
    });
    await request(app).get('/ping');
    logger.warn('after the request');
    await flushLogger(logger);
    expect(rawLines().map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'after the request',
    ]);
  });

  it('when the logger was made elsewhere, then its own options shape the request lines', async () => {
    const { destination, rawLines } = lineDestination();
    const logger = pino(
      { messageKey: 'message', formatters: { level: (label) => ({ severity: label }) } },
      destination,
    );
    const app = createHttpApp({ logger });
    app.get('/ping', (_req, res) => {
      res.sendStatus(204);
    });
    await request(app).get('/ping');
    await flushLogger(logger);

    const lines = rawLines().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        severity: 'info',
        message: 'request completed',
        method: 'GET',
        url: '/ping',
        status: 204,
      }),
    ]);
  });

  it('when the process exits right after a response, then the request line is still written', async () => {
    const child = runFixture('packages/common/test/fixtures/request-then-exit.ts', {});
    expect(await child.exited).toBe(0);
    const requestLines = child
      .stdout()
      .split('\n')
      .filter((line) => line.includes('request completed'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(requestLines).toMatchObject([{ method: 'GET', url: '/ping', status: 200 }]);
  });
});
