import { setTimeout as sleep } from 'node:timers/promises';
import type { Express } from 'express';
import request, { type Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Env } from '../config/config.js';
import type { TooManyRequestsBody } from '../openapi/rate-limit-document.js';
import type { RouteMethod } from '../openapi/route.js';
import { silentLogger } from '../runtime/logger.js';
import { memoryThrottle, type Throttle } from '../throttle/throttle.js';
import { loadThrottleConfig } from '../throttle/throttle-config.js';
import {
  AUTH_FAILURE_LIMIT_MESSAGE,
  REQUEST_LIMIT_MESSAGE,
} from '../throttle/too-many-requests.js';

/** One request of a throttling test: a route and, for a token route, what it sends. */
export interface ThrottledRequest {
  method: RouteMethod;
  path: string;
  /** A JSON body, for a route that reads one. */
  body?: object;
}

/** A route behind a token check, with a correct and a wrong `Authorization` header. */
export interface TokenRoute extends ThrottledRequest {
  authorization: string;
  wrongAuthorization: string;
  /** The service's answer to a wrong token (401 or 403). */
  rejectedStatus: number;
}

export interface ThrottlingTarget {
  /** The service's app with these limits, held to its OpenAPI document (`useResponseContract`). */
  buildApp: (throttle: Throttle) => Express;
  /** A route any client may call without a token. */
  openRoute: ThrottledRequest;
  /** The service's routes behind a token check, when it has any. */
  tokenRoutes?: readonly TokenRoute[];
  /** How the service renders a 429 (what its `apiDocument` is given). */
  tooManyRequests: TooManyRequestsBody;
}

/** Limits small enough for a test; a client is told apart by `X-Forwarded-For` from loopback. */
function throttleWith(env: Env): Throttle {
  return memoryThrottle(loadThrottleConfig({ TRUST_PROXY: 'loopback', ...env }), {
    service: 'test',
    logger: silentLogger(),
  });
}

let nextClient = 1;

/** A client address no other request of the run has used (TEST-NET-2, RFC 5737). */
function newClient(): string {
  const n = nextClient++;
  return `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

function send(
  app: Express,
  route: ThrottledRequest,
  client: string,
  authorization?: string,
): Promise<Response> {
  let req = request(app)[route.method](route.path).set('X-Forwarded-For', client);
  if (authorization !== undefined) req = req.set('Authorization', authorization);
  return route.body === undefined ? req : req.send(route.body);
}

/** The whole seconds of a `Retry-After` header, checked to be one. */
function retryAfterOf(res: Response): number {
  const header = res.headers['retry-after'];
  expect(header).toMatch(/^[1-9]\d*$/);
  return Number(header);
}

function expectTooManyRequests(
  res: Response,
  body: TooManyRequestsBody,
  message: string,
  windowSeconds: number,
): void {
  expect(res.status).toBe(429);
  expect(retryAfterOf(res)).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers['content-type']).toContain(body.mediaType);
  if (body.mediaType === 'application/json') expect(res.body).toEqual(body.example(message));
  else expect(res.text).toBe(body.example(message));
}

/**
 * The throttling every service promises (docs/configuration.md, each README), over HTTP through
 * the service's own app and error bodies: the per-client request limit with its IETF headers, and,
 * for each token route, the per-client limit on failed token checks. Limits and windows are set
 * small through the configuration; a window's end is waited for (a second). Each test builds an app
 * with limits of its own, so the tests run side by side and those waits overlap.
 */
export function describeThrottling(target: ThrottlingTarget): void {
  const { buildApp, openRoute, tooManyRequests } = target;

  describe.concurrent('throttling: the per-client request limit', () => {
    it('when a client makes RATE_LIMIT requests, then each carries RateLimit-Policy and RateLimit, the next (to any path) is 429 with Retry-After and the service error body, and another client is still answered', async () => {
      const app = buildApp(throttleWith({ RATE_LIMIT: '3', RATE_LIMIT_WINDOW_SECONDS: '60' }));
      const client = newClient();
      for (let remaining = 2; remaining >= 0; remaining -= 1) {
        const res = await send(app, openRoute, client);
        expect(res.status).not.toBe(429);
        expect(res.headers['ratelimit-policy']).toMatch(/^"3-in-1min"; q=3; w=60; pk=:[^:]+:$/);
        expect(res.headers.ratelimit).toMatch(new RegExp(`^"3-in-1min"; r=${remaining}; t=\\d+$`));
      }
      const refused = await send(app, openRoute, client);
      expectTooManyRequests(refused, tooManyRequests, REQUEST_LIMIT_MESSAGE, 60);
      expect(refused.headers.ratelimit).toMatch(/^"3-in-1min"; r=0; t=\d+$/);
      const unmatched = await send(app, { method: 'get', path: '/no-route-here' }, client);
      expectTooManyRequests(unmatched, tooManyRequests, REQUEST_LIMIT_MESSAGE, 60);

      const other = await send(app, openRoute, newClient());
      expect(other.status).not.toBe(429);
    });

    it('when the window has ended, then the limited client is answered again', async () => {
      const app = buildApp(throttleWith({ RATE_LIMIT: '1', RATE_LIMIT_WINDOW_SECONDS: '1' }));
      const client = newClient();
      expect((await send(app, openRoute, client)).status).not.toBe(429);
      const refused = await send(app, openRoute, client);
      expectTooManyRequests(refused, tooManyRequests, REQUEST_LIMIT_MESSAGE, 1);
      await sleep(retryAfterOf(refused) * 1000 + 200);
      expect((await send(app, openRoute, client)).status).not.toBe(429);
    });

    it('when TRUST_PROXY is off (the default), then X-Forwarded-For does not make another client', async () => {
      const app = buildApp(throttleWith({ RATE_LIMIT: '2', TRUST_PROXY: 'off' }));
      expect((await send(app, openRoute, newClient())).status).not.toBe(429);
      expect((await send(app, openRoute, newClient())).status).not.toBe(429);
      const refused = await send(app, openRoute, newClient());
      expectTooManyRequests(refused, tooManyRequests, REQUEST_LIMIT_MESSAGE, 60);
    });
  });

  for (const route of target.tokenRoutes ?? []) {
    const name = `${route.method.toUpperCase()} ${route.path}`;
    describe.concurrent(`throttling: failed token checks on ${name}`, () => {
      it('when a client fails AUTH_FAILURE_LIMIT token checks, then it gets 429 with Retry-After even with the correct token, also on the other token routes, while its open routes and other clients are answered as usual', async () => {
        const app = buildApp(throttleWith({ AUTH_FAILURE_LIMIT: '3' }));
        const client = newClient();
        for (let i = 0; i < 3; i += 1) {
          const res = await send(app, route, client, route.wrongAuthorization);
          expect(res.status).toBe(route.rejectedStatus);
        }
        for (const tokenRoute of target.tokenRoutes ?? []) {
          const refused = await send(app, tokenRoute, client, tokenRoute.authorization);
          expectTooManyRequests(refused, tooManyRequests, AUTH_FAILURE_LIMIT_MESSAGE, 60);
        }
        expect((await send(app, openRoute, client)).status).not.toBe(429);

        const other = newClient();
        const correct = await send(app, route, other, route.authorization);
        expect([429, route.rejectedStatus]).not.toContain(correct.status);
        const wrong = await send(app, route, other, route.wrongAuthorization);
        expect(wrong.status).toBe(route.rejectedStatus);
      });

      it('when the failure window has ended, then the correct token is let through again', async () => {
        const app = buildApp(
          throttleWith({ AUTH_FAILURE_LIMIT: '1', AUTH_FAILURE_WINDOW_SECONDS: '1' }),
        );
        const client = newClient();
        const failed = await send(app, route, client, route.wrongAuthorization);
        expect(failed.status).toBe(route.rejectedStatus);
        const refused = await send(app, route, client, route.authorization);
        expectTooManyRequests(refused, tooManyRequests, AUTH_FAILURE_LIMIT_MESSAGE, 1);
        await sleep(retryAfterOf(refused) * 1000 + 200);
        const again = await send(app, route, client, route.authorization);
        expect([429, route.rejectedStatus]).not.toContain(again.status);
      });

      it('when one client sends many correct tokens at once, then none is refused: only failures count', async () => {
        const app = buildApp(throttleWith({ AUTH_FAILURE_LIMIT: '2' }));
        const client = newClient();
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => send(app, route, client, route.authorization)),
        );
        for (const res of answers) expect([429, route.rejectedStatus]).not.toContain(res.status);
      });
    });
  }
}
