import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHttpApp, createLogger, flushLogger, type Logger } from '@repo/common';
import { runTypeScript } from './child-process.js';

/** A logger made by createLogger (so with its timestamps), whose lines are kept in memory. */
function loggerWithLines(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  const logger = createLogger({ name: 'request-log-test', destination });
  const lines = () =>
    text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request completed');
  return { logger, lines };
}

describe('request log', () => {
  it('when a response finishes, then its line is written shortly after, stamped with the finish time', async () => {
    const { logger, lines } = loggerWithLines();
    const app = createHttpApp({ logger });
    app.get('/ping', (_req, res) => {
      res.json({ ok: true });
    });

    const before = Date.now();
    await request(app).get('/ping?x=1');
    const answered = Date.now();
    expect(lines()).toEqual([]);
    await sleep(100);

    const written = lines();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ method: 'GET', url: '/ping?x=1', status: 200 });
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
    flushLogger(logger);
    expect(lines().map((line) => line.status)).toEqual([204, 204]);
  });

  it('when the process exits right after a response, then the request line is still written', async () => {
    const child = runTypeScript('packages/common/test/fixtures/request-then-exit.ts', {});
    expect(await child.exited).toBe(0);
    const requestLines = child
      .stdout()
      .split('\n')
      .filter((line) => line.includes('request completed'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(requestLines).toMatchObject([{ method: 'GET', url: '/ping', status: 200 }]);
  });
});
