import { Writable } from 'node:stream';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  addErrorHandlers,
  createHttpApp,
  flushLogger,
  jsonErrorRenderer,
  requestLogFields,
} from '@repo/common';
import { createLogger, type Logger } from '../src/runtime/logger.js';

/** A logger made as the services make theirs, its JSON lines kept in memory. */
function loggerWithLines(): { logger: Logger; lines: () => Promise<Record<string, unknown>[]> } {
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  const logger = createLogger({ name: 'request-id-test', destination });
  const lines = async () => {
    await flushLogger(logger);
    return text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { logger, lines };
}

/** An app with a route that logs while handling, one that fails, and the error handlers. */
function buildApp(logger: Logger) {
  const app = createHttpApp({ logger });
  app.get('/work', (req, res) => {
    logger.info(requestLogFields(req), 'working on it');
    res.json({ done: true });
  });
  app.get('/fail', () => {
    throw new Error('the disk is on fire');
  });
  addErrorHandlers(app, {
    logger,
    renderError: jsonErrorRenderer('Something went wrong', { requestIdOnServerErrors: true }),
  });
  return app;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('when a request brings a valid X-Request-Id, then it is echoed and on every line written for the request', async () => {
    const { logger, lines } = loggerWithLines();
    const response = await request(buildApp(logger))
      .get('/work')
      .set('X-Request-Id', 'edge-7f3a:retry=1');
    expect(response.headers['x-request-id']).toBe('edge-7f3a:retry=1');
    const written = await lines();
    expect(written.map(({ msg, requestId }) => ({ msg, requestId }))).toEqual([
      { msg: 'working on it', requestId: 'edge-7f3a:retry=1' },
      { msg: 'request completed', requestId: 'edge-7f3a:retry=1' },
    ]);
  });

  it('when a request brings no id, then one is generated, echoed and logged, and each request gets its own', async () => {
    const { logger, lines } = loggerWithLines();
    const app = buildApp(logger);
    const first = await request(app).get('/work');
    const second = await request(app).get('/work');
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    const requestLines = (await lines()).filter((line) => line.msg === 'request completed');
    expect(requestLines.map((line) => line.requestId)).toEqual(ids);
  });

  it.each([
    ['longer than 128 characters', 'x'.repeat(129)],
    ['with a space', 'two words'],
    ['with a tab', 'id\tpart'],
    ['with a non-ASCII character', 'caf\u00e9'],
    ['empty', ''],
  ])('when X-Request-Id is %s, then it is replaced by a generated id', async (_case, given) => {
    const { logger, lines } = loggerWithLines();
    const response = await request(buildApp(logger)).get('/work').set('X-Request-Id', given);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const requestLine = (await lines()).find((line) => line.msg === 'request completed');
    expect(requestLine?.requestId).toBe(id);
  });

  it('when X-Request-Id is exactly 128 visible characters, then it is kept', async () => {
    const { logger } = loggerWithLines();
    const given = `${'a'.repeat(64)}~!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}${'z'.repeat(32)}`;
    expect(given).toHaveLength(128);
    const response = await request(buildApp(logger)).get('/work').set('X-Request-Id', given);
    expect(response.headers['x-request-id']).toBe(given);
  });

  it('when a request brings only a W3C traceparent, then its trace id is the request id', async () => {
    const { logger, lines } = loggerWithLines();
    const response = await request(buildApp(logger))
      .get('/work')
      .set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(response.headers['x-request-id']).toBe('0af7651916cd43dd8448eb211c80319c');
    expect((await lines()).map((line) => line.requestId)).toEqual([
      '0af7651916cd43dd8448eb211c80319c',
      '0af7651916cd43dd8448eb211c80319c',
    ]);
  });

  it('when both are sent, then a valid X-Request-Id wins over traceparent', async () => {
    const { logger } = loggerWithLines();
    const response = await request(buildApp(logger))
      .get('/work')
      .set('X-Request-Id', 'chosen-by-the-client')
      .set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(response.headers['x-request-id']).toBe('chosen-by-the-client');
  });

  it.each([
    ['an all-zero trace id', '00-00000000000000000000000000000000-b7ad6b7169203331-01'],
    ['upper-case hex', '00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01'],
    ['version ff', 'ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'],
    ['a short parent id', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b71-01'],
  ])('when traceparent has %s, then a new id is generated', async (_case, traceparent) => {
    const { logger } = loggerWithLines();
    const response = await request(buildApp(logger)).get('/work').set('traceparent', traceparent);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('when a route throws, then the error line, the request line and the 500 body carry the id', async () => {
    const { logger, lines } = loggerWithLines();
    const response = await request(buildApp(logger)).get('/fail').set('X-Request-Id', 'incident-9');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Something went wrong', requestId: 'incident-9' });
    expect(response.headers['x-request-id']).toBe('incident-9');
    const written = await lines();
    expect(written.map(({ msg, requestId }) => ({ msg, requestId }))).toEqual([
      { msg: 'unexpected error while handling a request', requestId: 'incident-9' },
      { msg: 'request completed', requestId: 'incident-9' },
    ]);
    expect(written[0]?.err).toMatchObject({ message: 'the disk is on fire' });
  });

  it('when the renderer is not asked to, then the 500 body is exactly the fixed one', async () => {
    const { logger } = loggerWithLines();
    const app = createHttpApp({ logger });
    app.get('/fail', () => {
      throw new Error('boom');
    });
    addErrorHandlers(app, { logger, renderError: jsonErrorRenderer('Something went wrong') });
    const response = await request(app).get('/fail').set('X-Request-Id', 'incident-10');
    expect(response.body).toEqual({ error: 'Something went wrong' });
    expect(response.headers['x-request-id']).toBe('incident-10');
  });
});
