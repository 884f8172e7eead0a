import type { Express } from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addErrorHandlers,
  AUTH_FAILURE_LIMIT_MESSAGE,
  cannotRouteResponse,
  createApiDocument,
  createHttpApp,
  HttpError,
  jsonErrorRenderer,
  jsonErrorTooManyRequests,
  jsonResponse,
  REQUEST_LIMIT_MESSAGE,
  requireBearerToken,
  runService,
  silentLogger,
  type RunningService,
  type Throttle,
} from '@repo/common';
import { startRedisServer, type RunningRedis } from './redis-server.js';

const SECRET = 'fixture-secret';
const THROTTLE_VARIABLES = [
  'RATE_LIMIT',
  'AUTH_FAILURE_LIMIT',
  'TRUST_PROXY',
  'RATE_LIMIT_REDIS_URL',
] as const;

const document = createApiDocument({
  service: 'throttle-fixture',
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

/** One open route and one behind a token, over the limits `runService` opened. */
function fixtureApp(throttle: Throttle): Express {
  const logger = silentLogger();
  const app = createHttpApp({ logger, throttle });
  app.get('/hello', (_req, res) => {
    res.json({ hello: 'world' });
  });
  const onlyWithSecret = requireBearerToken({
    token: SECRET,
    parse: (header) => header?.match(/^Bearer (\S+)$/)?.[1] ?? null,
    reject: () => new HttpError(401, 'wrong token'),
    failures: throttle.authFailures,
  });
  app.get('/private', onlyWithSecret, (_req, res) => {
    res.json({ ok: true });
  });
  addErrorHandlers(app, { logger, renderError: jsonErrorRenderer('failed') });
  return app;
}

const running: RunningService[] = [];

/** Starts the fixture as a service does, with these throttling variables in its environment. */
async function startService(
  variables: Partial<Record<(typeof THROTTLE_VARIABLES)[number], string>>,
) {
  const saved = THROTTLE_VARIABLES.map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, variables);
  try {
    const service = await runService({
      name: 'throttle-fixture',
      ownsProcess: false,
      loadConfig: () => ({ PORT: 0, LOG_LEVEL: 'silent', API_DOCS: true }),
      connect: (_config, _logger, throttle) => Promise.resolve({ deps: throttle }),
      createApp: fixtureApp,
      apiDocument: () => document,
    });
    running.push(service);
    return service.url;
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.stop()));
});

function get(url: string, client: string, authorization?: string): Promise<Response> {
  return fetch(url, {
    headers: {
      'x-forwarded-for': client,
      ...(authorization === undefined ? {} : { authorization }),
    },
  });
}

describe('throttling in a running service', () => {
  it('when a client is over the request limit, then the probes, /metrics and the API docs still answer it, without limit headers', async () => {
    const url = await startService({ RATE_LIMIT: '2' });
    for (let i = 0; i < 2; i += 1) expect((await fetch(`${url}/hello`)).status).toBe(200);
    const refused = await fetch(`${url}/hello`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: REQUEST_LIMIT_MESSAGE });

    for (const path of ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs']) {
      for (let i = 0; i < 3; i += 1) {
        const res = await fetch(`${url}${path}`);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('ratelimit'), path).toBeNull();
        await res.arrayBuffer();
      }
    }
  });
});

describe('throttling with RATE_LIMIT_REDIS_URL: two instances over one Redis', () => {
  let redis: RunningRedis;

  beforeAll(async () => {
    redis = await startRedisServer();
  }, 30_000);

  afterAll(async () => {
    await redis.stop();
  });

  async function startPair(variables: Record<string, string>): Promise<[string, string]> {
    const shared = { TRUST_PROXY: 'loopback', RATE_LIMIT_REDIS_URL: redis.url, ...variables };
    return [await startService(shared), await startService(shared)];
  }

  it('when a client spreads its requests over both, then they share one count: the limit holds across them', async () => {
    const [a, b] = await startPair({ RATE_LIMIT: '4' });
    const client = '198.51.100.7';
    const remaining: (string | null)[] = [];
    for (const url of [a, b, a, b]) {
      const res = await get(`${url}/hello`, client);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('ratelimit'));
    }
    expect(remaining.map((header) => header?.match(/r=(\d+)/)?.[1])).toEqual(['3', '2', '1', '0']);
    for (const url of [a, b]) {
      const refused = await get(`${url}/hello`, client);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(await refused.json()).toEqual({ error: REQUEST_LIMIT_MESSAGE });
    }
    expect((await get(`${a}/hello`, '198.51.100.8')).status).toBe(200);
  });

  it('when a client fails token checks on both, then they share one count: both refuse it, and another client with the token is let through', async () => {
    const [a, b] = await startPair({ AUTH_FAILURE_LIMIT: '3' });
    const client = '198.51.100.9';
    for (const url of [a, b, a]) {
      expect((await get(`${url}/private`, client, 'Bearer wrong')).status).toBe(401);
    }
    for (const url of [b, a]) {
      const refused = await get(`${url}/private`, client, `Bearer ${SECRET}`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(await refused.json()).toEqual({ error: AUTH_FAILURE_LIMIT_MESSAGE });
    }
    expect((await get(`${b}/private`, '198.51.100.10', `Bearer ${SECRET}`)).status).toBe(200);
  });
});
