import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiDocsVariable,
  cannotRouteResponse,
  jsonErrorTooManyRequests,
  ConfigError,
  createApiDocument,
  createAsyncApiDocument,
  createHttpApp,
  jsonResponse,
  loadEnv,
  runService,
  type RunningService,
} from '@repo/common';
import { addErrorHandlers, jsonErrorRenderer } from '../src/errors/error-handler.js';
import { capturingLogger } from '../src/testing/error-log.js';

const document = createApiDocument({
  service: 'fixture',
  version: '1.0.0',
  summary: 'A fixture.',
  routes: [
    {
      method: 'get',
      path: '/hello',
      responses: { 200: jsonResponse('A greeting.', z.object({ hello: z.string() })) },
    },
  ],
  unmatchedRoute: cannotRouteResponse(),
  tooManyRequests: jsonErrorTooManyRequests,
});

let running: RunningService | undefined;

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const eventsDocument = createAsyncApiDocument({
  service: 'fixture',
  version: '1.0.0',
  summary: 'A fixture that publishes.',
  servers: { broker: { host: 'localhost:4222', protocol: 'nats', description: 'A broker.' } },
  headers: z.object({ id: z.string() }).meta({ id: 'Headers' }),
  messages: [
    {
      name: 'hello.said',
      address: 'hello',
      title: 'Hello said',
      summary: 'A greeting.',
      payload: z.object({ hello: z.string() }).meta({ id: 'Hello' }),
      example: { name: 'Hello', headers: { id: '1' }, payload: { hello: 'world' } },
    },
  ],
});

/** A service with one route, whose app logs its requests into `lines`. */
async function start(apiDocs: boolean, publishes = false) {
  const app = capturingLogger();
  running = await runService({
    name: 'docs-fixture',
    ownsProcess: false,
    loadConfig: () => ({ PORT: 0, LOG_LEVEL: 'silent', API_DOCS: apiDocs }),
    connect: () => Promise.resolve({ deps: undefined }),
    createApp: () => {
      const http = createHttpApp({ logger: app.logger });
      http.get('/hello', (_req, res) => {
        res.json({ hello: 'world' });
      });
      addErrorHandlers(http, { logger: app.logger, renderError: jsonErrorRenderer('failed') });
      return http;
    },
    apiDocument: () => document,
    ...(publishes ? { asyncApiDocument: () => eventsDocument } : {}),
  });
  return { url: running.url, lines: app.lines };
}

describe('API docs served by runService', () => {
  it('when API_DOCS is on, then GET /openapi.json answers the document as JSON', async () => {
    const { url } = await start(true);

    const response = await request(url).get('/openapi.json');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('when API_DOCS is on, then GET /docs is a Swagger UI page whose scripts and styles come from the service', async () => {
    const { url } = await start(true);

    const page = await request(url).get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual([
      '/docs/swagger-ui.css',
      '/docs/favicon-32x32.png',
      '/docs/swagger-ui-bundle.js',
      '/docs/swagger-initializer.js',
    ]);
    for (const source of sources) {
      const asset = await request(url).get(String(source));
      expect(asset.status, String(source)).toBe(200);
      expect(Number(asset.headers['content-length'])).toBeGreaterThan(0);
    }
    const initializer = await request(url).get('/docs/swagger-initializer.js');
    expect(initializer.text).toContain('url: "/openapi.json"');
    expect(initializer.text).toContain('validatorUrl: null');
  });

  it('when API_DOCS is on and the service publishes, then GET /asyncapi.json answers its AsyncAPI document as JSON', async () => {
    const { url } = await start(true, true);

    const response = await request(url).get('/asyncapi.json');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toEqual(JSON.parse(JSON.stringify(eventsDocument)));
  });

  it('when the service publishes nothing, or API_DOCS is off, then /asyncapi.json is the app own 404', async () => {
    const { url } = await start(true);
    await request(url).get('/asyncapi.json').expect(404, 'Cannot GET /asyncapi.json');
    await running?.stop();

    const off = await start(false, true);
    await request(off.url).get('/asyncapi.json').expect(404, 'Cannot GET /asyncapi.json');
  });

  it('when HEAD /openapi.json is asked, then the headers come without a body', async () => {
    const { url } = await start(true);

    const response = await request(url).head('/openapi.json');

    expect(response.status).toBe(200);
    expect(response.text).toBeUndefined();
  });

  it('when the docs and the app are requested, then only the app requests are logged and other methods on /docs reach the app', async () => {
    const { url, lines } = await start(true);

    await request(url).get('/docs').expect(200);
    await request(url).get('/openapi.json').expect(200);
    await request(url).post('/docs').expect(404, 'Cannot POST /docs');
    await request(url).get('/hello').expect(200);

    const urls = lines()
      .filter((line) => line.msg === 'request completed')
      .map((line) => line.url);
    expect(urls).toEqual(['/docs', '/hello']);
  });

  it('when API_DOCS is off, then /openapi.json and /docs are the app own 404s', async () => {
    const { url } = await start(false);

    await request(url).get('/openapi.json').expect(404, 'Cannot GET /openapi.json');
    await request(url).get('/docs').expect(404, 'Cannot GET /docs');
    await request(url).get('/docs/swagger-ui-bundle.js').expect(404);
  });
});

describe('apiDocsVariable', () => {
  const read = (env: Record<string, string>) =>
    loadEnv(z.object({ API_DOCS: apiDocsVariable(env) }), env).API_DOCS;

  it('when API_DOCS is not set, then the docs are on, except when NODE_ENV=production', () => {
    expect(read({})).toBe(true);
    expect(read({ NODE_ENV: 'development' })).toBe(true);
    expect(read({ NODE_ENV: 'production' })).toBe(false);
  });

  it('when API_DOCS is on or off, then that is used whatever NODE_ENV says', () => {
    expect(read({ API_DOCS: 'off' })).toBe(false);
    expect(read({ API_DOCS: 'on', NODE_ENV: 'production' })).toBe(true);
  });

  it.each(['yes', 'true', 'ON', ''])(
    'when API_DOCS is "%s", then start-up fails naming the variable',
    (value) => {
      expect(() => read({ API_DOCS: value })).toThrow(ConfigError);
      expect(() => read({ API_DOCS: value })).toThrow(/API_DOCS: must be "on" or "off"/);
    },
  );
});
