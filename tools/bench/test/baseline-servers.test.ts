import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createHttpApp, silentLogger } from '@repo/common';
import { BASELINE_FRAMEWORKS, BASELINE_SERVERS } from '../src/baseline-servers/index.js';
import type { RunningBaseline } from '../src/baseline-servers/types.js';
import { booksById } from '../src/baselines/books.js';
import { tutorialPerson } from '../src/baselines/tutorial.js';
import type { BaselineRoute } from '../src/baselines/types.js';

const running: RunningBaseline[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
});

/** The JSON lines a baseline logged (the idiomatic ones log; the bare ones do not). */
const logged: string[] = [];
const logDestination = { write: (line: string) => void logged.push(line) };

async function serve(framework: keyof typeof BASELINE_SERVERS, route: BaselineRoute) {
  const server = await BASELINE_SERVERS[framework](route, 0, logDestination);
  running.push(server);
  return async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, init);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      link: response.headers.get('link'),
      headers: response.headers,
      body: await response.text(),
    };
  };
}

/** A route that answers with what it was handed, so every framework's reading of a request shows. */
const echo: BaselineRoute = {
  method: 'POST',
  path: '/echo/:id',
  jsonBody: true,
  handle: ({ params, body }) => ({
    status: 201,
    json: { params, body },
    headers: { link: '<next>' },
  }),
};

describe.each(BASELINE_FRAMEWORKS)('the %s baseline server', (framework) => {
  it('when a JSON body is posted, then the work gets the path parameters and the parsed body, and its status, JSON and headers are sent', async () => {
    const request = await serve(framework, echo);
    const answer = await request('/echo/a%20b', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [1, 2] }),
    });
    expect(answer.status).toBe(201);
    expect(answer.type).toBe('application/json; charset=utf-8');
    expect(answer.link).toBe('<next>');
    expect(JSON.parse(answer.body)).toEqual({ params: { id: 'a b' }, body: { items: [1, 2] } });
  });

  it('when the books work finds a book or not, then it answers the book as JSON or a bare 404', async () => {
    const request = await serve(
      framework,
      booksById.route({ db: undefined, fixture: [{ id: 7 }] }),
    );
    const found = await request('/books/7');
    expect(found.status).toBe(200);
    expect(JSON.parse(found.body)).toEqual({ id: 7 });
    expect((await request('/books/8')).status).toBe(404);
  });

  it('when the tutorial work answers text, then the text is sent as it is', async () => {
    const request = await serve(
      framework,
      tutorialPerson.route({ db: undefined, fixture: undefined }),
    );
    expect(await request('/person/12')).toMatchObject({
      status: 200,
      type: 'text/html; charset=utf-8',
      body: 'You asked for person 12',
    });
    expect(await request('/person/twelve')).toMatchObject({
      status: 400,
      body: 'BAD REQUEST: Person ID must be a number',
    });
  });

  it('when a path is not the route, then it is a 404', async () => {
    const request = await serve(framework, echo);
    expect((await request('/elsewhere', { method: 'POST' })).status).toBe(404);
  });
});

/** The security headers a service's app sends with a profile, by name. */
async function serviceSecurityHeaders(
  profile: 'api' | 'document',
): Promise<Record<string, string>> {
  const app = createHttpApp({ logger: silentLogger(), securityHeaders: profile });
  app.get('/probe', (_req, res) => res.json({}));
  const { headers } = await request(app).get('/probe');
  const names = Object.keys(headers).filter((name) =>
    /^(?:content-security-policy|strict-transport|x-|cross-origin|origin-agent|referrer)/.test(
      name,
    ),
  );
  return Object.fromEntries(
    names.filter((name) => name !== 'x-request-id').map((name) => [name, String(headers[name])]),
  );
}

describe.each(['express-idiomatic', 'fastify-idiomatic'] as const)(
  'the %s baseline server',
  (framework) => {
    it.each([
      ['api', booksById.route({ db: undefined, fixture: [{ id: 7 }] }), '/books/7'],
      ['document', tutorialPerson.route({ db: undefined, fixture: undefined }), '/person/7'],
    ] as const)(
      'when it answers, then it sends the same %s security headers as a service',
      async (profile, route, path) => {
        const answer = await serve(framework, route).then((send) => send(path));
        const expected = await serviceSecurityHeaders(profile);
        expect(Object.keys(expected).length).toBeGreaterThanOrEqual(5);
        for (const [name, value] of Object.entries(expected)) {
          expect(answer.headers.get(name), name).toBe(value);
        }
        expect(answer.headers.get('x-powered-by')).toBeNull();
      },
    );

    it("when it answers, then it counts the client against the services' request limit and says so in the IETF draft headers", async () => {
      const send = await serve(framework, booksById.route({ db: undefined, fixture: [{ id: 7 }] }));
      const first = await send('/books/7');
      const second = await send('/books/7');
      // express-rate-limit sends draft 8 (one RateLimit field), @fastify/rate-limit the earlier
      // draft's RateLimit-Limit/-Remaining/-Reset: each the ecosystem's own documented form.
      const remaining = (answer: { headers: Headers }): number => {
        const combined = answer.headers.get('ratelimit');
        const value =
          combined === null
            ? answer.headers.get('ratelimit-remaining')
            : /r=(\d+)/.exec(combined)?.[1];
        return Number(value);
      };
      expect(remaining(first)).toBe(1_000_000 - 1);
      expect(remaining(second)).toBe(1_000_000 - 2);
    });

    it('when requests come with and without an id, then each answer carries its id and one JSON log line per request names it', async () => {
      const send = await serve(framework, booksById.route({ db: undefined, fixture: [{ id: 7 }] }));
      logged.length = 0;
      const given = await send('/books/7', { headers: { 'x-request-id': 'given-id-1' } });
      const fresh = await send('/books/8');

      expect(given.headers.get('x-request-id')).toBe('given-id-1');
      const freshId = fresh.headers.get('x-request-id') ?? '';
      expect(freshId).toMatch(/^[0-9a-f-]{36}$/);
      const lines = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toHaveLength(2);
      expect(JSON.stringify(lines[0])).toContain('given-id-1');
      expect(JSON.stringify(lines[1])).toContain(freshId);
    });

    it('when requests were answered, then /metrics counts them in the request histogram by route template and status', async () => {
      const send = await serve(framework, booksById.route({ db: undefined, fixture: [{ id: 7 }] }));
      await send('/books/7');
      await send('/books/7');
      await send('/books/9');
      const metrics = (await send('/metrics')).body;
      const count = (status: number) =>
        metrics
          .split('\n')
          .find(
            (line) =>
              line.startsWith('http_request_duration_seconds_count{') &&
              line.includes('route="/books/:id"') &&
              line.includes(`status_code="${status}"`),
          );
      expect(count(200)).toMatch(/ 2$/);
      expect(count(404)).toMatch(/ 1$/);
      expect(metrics).toContain('nodejs_eventloop_lag_seconds');
    });
  },
);
