import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHttpApp, flushLogger, silentLogger } from '@repo/common';
import { capturingLogger } from '../src/testing/error-log.js';

/**
 * Headers a bare Express answer carries anyway, and the request id every answer echoes, which say
 * nothing about security headers.
 */
const TRANSPORT_HEADERS = new Set([
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'etag',
  'x-powered-by',
]);

function securityHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)),
  );
}

describe('createHttpApp', () => {
  it('when a JSON service answers, then it carries exactly the API security headers', async () => {
    const app = createHttpApp({ logger: silentLogger() });
    app.get('/ping', (_req, res) => {
      res.json({ ok: true });
    });

    const response = await request(app).get('/ping');

    expect(securityHeadersOf(response.headers)).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it("when the document profile is chosen, then a response carries helmet's page headers less the legacy three, with a policy that allows only forms to the same origin", async () => {
    const reference = express();
    reference.use(helmet());
    reference.get('/page', (_req, res) => {
      res.send('<p>hello</p>');
    });
    const app = createHttpApp({ logger: silentLogger(), securityHeaders: 'document' });
    app.get('/page', (_req, res) => {
      res.send('<p>hello</p>');
    });

    const helmetDefaults = securityHeadersOf((await request(reference).get('/page')).headers);
    const actual = securityHeadersOf((await request(app).get('/page')).headers);

    expect(Object.keys(helmetDefaults).length).toBeGreaterThan(5);
    expect(helmetDefaults['content-security-policy']).toContain('upgrade-insecure-requests');
    const {
      'x-xss-protection': xssAuditorSwitch,
      'x-download-options': internetExplorerOnly,
      'x-dns-prefetch-control': linkPrefetching,
      ...pageHeaders
    } = helmetDefaults;
    expect([xssAuditorSwitch, internetExplorerOnly, linkPrefetching]).toEqual([
      '0',
      'noopen',
      'off',
    ]);
    expect(actual).toEqual({
      ...pageHeaders,
      'content-security-policy':
        "default-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'self'",
    });
  });

  it('when a GET has no body, then routes see req.body as undefined', async () => {
    const app = createHttpApp({ logger: silentLogger() });
    app.get('/body', (req, res) => {
      res.json({ isUndefined: req.body === undefined });
    });
    const response = await request(app).get('/body');
    expect(response.body).toEqual({ isUndefined: true });
  });

  it('when JSON and form parsing are both on, then each body type is parsed', async () => {
    const app = createHttpApp({ logger: silentLogger(), urlencoded: true });
    app.post('/echo', (req, res) => {
      res.json({ received: req.body as unknown });
    });
    const json = await request(app).post('/echo').send({ a: 1 });
    const form = await request(app).post('/echo').type('form').send('city=Lyon&zip=69001');
    expect(json.body).toEqual({ received: { a: 1 } });
    expect(form.body).toEqual({ received: { city: 'Lyon', zip: '69001' } });
  });

  it('when a body is over the limit, then the parser error reaches the error handler as 413', async () => {
    const app = createHttpApp({ logger: silentLogger() });
    app.post('/echo', (_req, res) => {
      res.json({ reached: true });
    });
    app.use(
      (
        error: { status?: number },
        _req: express.Request,
        res: express.Response,
        _next: express.NextFunction,
      ) => {
        res.status(error.status ?? 500).json({ status: error.status });
      },
    );
    const response = await request(app)
      .post('/echo')
      .send({ text: 'x'.repeat(101 * 1024) });
    expect(response.status).toBe(413);
  });

  it('when JSON parsing is off, then a JSON body is left unread', async () => {
    const app = createHttpApp({ logger: silentLogger(), json: false });
    app.post('/echo', (req, res) => {
      res.json({ isUndefined: req.body === undefined });
    });
    const response = await request(app).post('/echo').send({ a: 1 });
    expect(response.body).toEqual({ isUndefined: true });
  });

  it('when several requests finish, then each gets its own log line with its own status and a duration', async () => {
    const { logger, lines } = capturingLogger();
    const app = createHttpApp({ logger });
    app.get('/status/:code', (req, res) => {
      res.sendStatus(Number(req.params.code));
    });
    await Promise.all([request(app).get('/status/200'), request(app).get('/status/418')]);
    const logged = lines().filter((line) => line.msg === 'request completed');
    expect(logged.map((line) => line.status).sort()).toEqual([200, 418]);
    expect(logged.map((line) => line.url).sort()).toEqual(['/status/200', '/status/418']);
    for (const line of logged) expect(typeof line.ms).toBe('number');
  });

  it('when the level is above info, then no request line is written', async () => {
    const { logger, lines } = capturingLogger();
    logger.level = 'warn';
    const app = createHttpApp({ logger });
    app.get('/quiet', (_req, res) => {
      res.sendStatus(204);
    });
    await request(app).get('/quiet');
    await flushLogger(logger);
    expect(lines()).toEqual([]);
  });
});

describe('createHttpApp ETags', () => {
  function appServing(state: { body: unknown }) {
    const app = createHttpApp({ logger: silentLogger() });
    app.get('/thing', (_req, res) => {
      res.json(state.body);
    });
    return app;
  }

  it('when the same body is served twice, then both answers carry the same weak ETag', async () => {
    const app = appServing({ body: { name: 'lamp', price: 12 } });
    const first = await request(app).get('/thing');
    const second = await request(app).get('/thing');
    expect(first.headers.etag).toMatch(/^W\/"[^"]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('when If-None-Match holds the current ETag, then 304 without a body', async () => {
    const app = appServing({ body: { name: 'lamp', price: 12 } });
    const first = await request(app).get('/thing');
    const again = await request(app).get('/thing').set('If-None-Match', String(first.headers.etag));
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('when the body changes, then the ETag changes and the old one no longer gets a 304', async () => {
    const state: { body: unknown } = { body: { name: 'lamp', price: 12 } };
    const app = appServing(state);
    const before = await request(app).get('/thing');
    state.body = { name: 'lamp', price: 13 };
    const after = await request(app)
      .get('/thing')
      .set('If-None-Match', String(before.headers.etag));
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toEqual({ name: 'lamp', price: 13 });
  });
});
