import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  addErrorHandlers,
  BadRequestError,
  createHttpApp,
  HttpError,
  jsonErrorRenderer,
  NotFoundError,
} from '@repo/common';
import { BSON, MongoNetworkError, MongoServerError } from 'mongodb';
import { mongoDatabaseErrors } from '../src/mongo/database-errors.js';
import { createOutageLog } from '../src/runtime/outage-log.js';
import { capturingLogger } from '../src/testing/error-log.js';

function buildApp(): { app: Express; logs: () => Record<string, unknown>[] } {
  const { logger, lines } = capturingLogger();
  const app = createHttpApp({ logger });
  app.get('/params/:value', (req, res) => {
    res.json({ value: req.params.value });
  });
  app.post('/echo', (req, res) => {
    res.json({ received: req.body as unknown });
  });
  app.get('/throw/bad-request', () => {
    throw new BadRequestError('price cannot be negative');
  });
  app.get('/throw/unauthorized', () => {
    throw new HttpError(401, 'who are you?');
  });
  app.get('/throw/forbidden', () => {
    throw new HttpError(403, 'Forbidden');
  });
  app.get('/throw/not-found', () => {
    throw new NotFoundError('Not found: no product with id of 42');
  });
  app.get('/throw/conflict', () => {
    throw new HttpError(409, 'order is already completed');
  });
  app.get('/throw/error', () => {
    throw new Error('database password is hunter2');
  });
  app.get('/throw/async', async () => {
    await Promise.resolve();
    throw new TypeError('cannot read properties of undefined');
  });
  app.get('/throw/rejected-null', () => Promise.reject(null as unknown as Error));
  const oddValues: Record<string, unknown> = {
    string: 'a bare string',
    object: { message: 'a plain object with a message' },
    number: 42,
  };
  app.get('/throw/odd/:kind', (req) => {
    throw oddValues[req.params.kind];
  });
  const databaseErrors: Record<string, unknown> = {
    'dollar-key': new MongoServerError({ code: 52, errmsg: "'$set' is not a valid field name" }),
    'dotted-key': new MongoServerError({ code: 57, errmsg: "'a.b' contains a dot" }),
    'too-deep': new MongoServerError({ code: 15, errmsg: 'nesting depth exceeds 180' }),
    'too-large': new MongoServerError({ code: 10334, errmsg: 'BSONObj size is invalid' }),
    'null-byte': new BSON.BSONError('key a\u0000b must not contain null bytes'),
    'other-server-error': new MongoServerError({ code: 11000, errmsg: 'E11000 duplicate key' }),
    unreachable: new MongoNetworkError('connection reset'),
  };
  app.get('/throw/database/:kind', (req) => Promise.reject(databaseErrors[req.params.kind]));
  addErrorHandlers(app, {
    logger,
    renderError: jsonErrorRenderer('Something went wrong'),
    databaseErrors: mongoDatabaseErrors,
  });
  return { app, logs: lines };
}

describe('error handler', () => {
  it.each([
    ['/throw/bad-request', 400, 'price cannot be negative'],
    ['/throw/unauthorized', 401, 'who are you?'],
    ['/throw/forbidden', 403, 'Forbidden'],
    ['/throw/not-found', 404, 'Not found: no product with id of 42'],
    ['/throw/conflict', 409, 'order is already completed'],
  ])(
    'when a route throws an HTTP error (%s), then its status and message are sent',
    async (path, status, message) => {
      const { app } = buildApp();
      const response = await request(app).get(path);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ error: message });
    },
  );

  it('when a route throws an unexpected error, then the generic 500 body is sent and the error is logged with its stack', async () => {
    const { app, logs } = buildApp();
    const response = await request(app).get('/throw/error');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Something went wrong' });
    expect(response.text).not.toContain('hunter2');
    const logged = logs().find((line) => line.level === 50);
    expect(logged).toBeDefined();
    const err = logged?.err as { message: string; stack: string };
    expect(err.message).toBe('database password is hunter2');
    expect(err.stack).toContain('error-handler.test.ts');
  });

  it('when an async route rejects, then the generic 500 body is sent', async () => {
    const { app } = buildApp();
    const response = await request(app).get('/throw/async');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Something went wrong' });
  });

  it('when an async route rejects with null, then the generic 500 body is sent', async () => {
    const { app } = buildApp();
    const response = await request(app).get('/throw/rejected-null');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Something went wrong' });
  });

  it.each(['string', 'object', 'number'])(
    'when a route throws an odd value (%s), then the generic 500 body is sent and something is logged',
    async (kind) => {
      const { app, logs } = buildApp();
      const response = await request(app).get(`/throw/odd/${kind}`);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: 'Something went wrong' });
      expect(logs().some((line) => line.level === 50)).toBe(true);
    },
  );

  it('when the JSON body is malformed, then the answer is 400 with the parser message, not a 500', async () => {
    const { app, logs } = buildApp();
    const response = await request(app)
      .post('/echo')
      .set('content-type', 'application/json')
      .send('{"name": "oops",');
    expect(response.status).toBe(400);
    expect(typeof (response.body as { error: unknown }).error).toBe('string');
    expect((response.body as { error: string }).error.length).toBeGreaterThan(0);
    expect(logs().some((line) => line.level === 50)).toBe(false);
  });

  it('when the body is 2 MB, then the answer is 413, not a 500', async () => {
    const { app } = buildApp();
    const big = JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) });
    const response = await request(app)
      .post('/echo')
      .set('content-type', 'application/json')
      .send(big);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'request entity too large' });
  });

  it('when a body just under the 100 kB limit is sent, then it is accepted', async () => {
    const { app } = buildApp();
    const body = { blob: 'x'.repeat(90 * 1024) };
    const response = await request(app).post('/echo').send(body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: body });
  });

  it('when a path parameter has broken percent-encoding, then the answer is 400, not a 500', async () => {
    const { app, logs } = buildApp();
    const response = await request(app).get('/params/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "Failed to decode param '%E0%A4%A'" });
    expect(logs().some((line) => line.level === 50)).toBe(false);
  });

  it('when no route matches, then the answer is the text 404 naming the method and path', async () => {
    const { app } = buildApp();
    const response = await request(app).delete('/nowhere/at-all?x=1');
    expect(response.status).toBe(404);
    expect(response.text).toBe('Cannot DELETE /nowhere/at-all');
  });

  it('when any response is sent, then x-powered-by is absent and security headers are present', async () => {
    const { app } = buildApp();
    const response = await request(app).get('/throw/not-found');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('when a request finishes, then one log line records method, url and status', async () => {
    const { app, logs } = buildApp();
    await request(app).get('/throw/not-found');
    const line = logs().find((entry) => entry.msg === 'request completed');
    expect(line).toMatchObject({ method: 'GET', url: '/throw/not-found', status: 404 });
  });

  it.each([
    ['dollar-key', 400],
    ['dotted-key', 400],
    ['too-deep', 400],
    ['null-byte', 400],
    ['too-large', 413],
  ])(
    'when the database refuses what the request holds (%s), then a %i with a fixed message, no error line and no outage counted',
    async (kind, status) => {
      const { app, logs } = buildApp();
      const { logger: outageLogger, lines: outageLines } = capturingLogger();
      const outage = createOutageLog(outageLogger, { dependency: 'database', host: 'db' });
      try {
        const response = await request(app).get(`/throw/database/${kind}`);
        expect(response.status).toBe(status);
        expect((response.body as { error: string }).error).toMatch(/^the request /);
        expect(logs().some((line) => line.level === 50)).toBe(false);
      } finally {
        outage.close();
      }
      expect(outageLines().filter((line) => line.failedRequests !== undefined)).toEqual([]);
    },
  );

  it('when the database fails otherwise (a duplicate key no client chose), then the generic 500 and an error line', async () => {
    const { app, logs } = buildApp();
    const response = await request(app).get('/throw/database/other-server-error');
    expect(response.status).toBe(500);
    expect(logs().filter((line) => line.level === 50)).toHaveLength(1);
  });

  it('when the database cannot be reached and an outage log is open, then the generic 500 is counted there, not logged as an error', async () => {
    const { app, logs } = buildApp();
    const { logger: outageLogger, lines: outageLines } = capturingLogger();
    const outage = createOutageLog(outageLogger, { dependency: 'database', host: 'db' });
    const response = await request(app).get('/throw/database/unreachable');
    outage.close();
    expect(response.status).toBe(500);
    expect(logs().some((line) => line.level === 50)).toBe(false);
    expect(outageLines().map((line) => line.failedRequests)).toEqual([1]);
  });

  it('when the database cannot be reached and no outage log is open, then the 500 is logged as an error', async () => {
    const { app, logs } = buildApp();
    const response = await request(app).get('/throw/database/unreachable');
    expect(response.status).toBe(500);
    expect(logs().filter((line) => line.level === 50)).toHaveLength(1);
  });
});
