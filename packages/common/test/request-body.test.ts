import { z } from 'zod';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  addErrorHandlers,
  createHttpApp,
  HttpError,
  jsonBody,
  jsonBodyParser,
  jsonErrorRenderer,
  registerRoutes,
  silentLogger,
  type Route,
} from '@repo/common';

const echo: Route<null>['handle'] = (req, res) => {
  res.json({ received: req.body as unknown });
};

const body = jsonBody(z.object({ name: z.string().optional() }), { name: 'a' });

const routes: Route<null>[] = [
  { method: 'get', path: '/things/{id}', responses: {}, handle: echo },
  {
    method: 'patch',
    path: '/things/{id}',
    request: { body },
    responses: {},
    // A token check that refuses every request without `authorization`.
    before: () => [
      (req, _res, next) => {
        next(req.headers.authorization === undefined ? new HttpError(403, 'no') : undefined);
      },
      jsonBodyParser(),
    ],
    handle: echo,
  },
  {
    method: 'delete',
    path: '/things',
    request: { body },
    responses: {},
    before: () => [jsonBodyParser()],
    handle: echo,
  },
];

function buildApp() {
  const app = createHttpApp({ logger: silentLogger(), json: false });
  registerRoutes(app, routes, null);
  addErrorHandlers(app, { logger: silentLogger(), renderError: jsonErrorRenderer('failed') });
  return app;
}

const app = buildApp();

describe('the body rules and the hints registerRoutes and addErrorHandlers add', () => {
  it('when a route checks a token before its body, then a request without one gets the token answer, not the 415', async () => {
    const res = await request(app).patch('/things/1').type('text/plain').send('x');
    expect(res.status).toBe(403);
  });

  it('when the token is there and the body is text, then 415 with Accept-Patch', async () => {
    const res = await request(app)
      .patch('/things/1')
      .set('authorization', 'yes')
      .type('text/plain')
      .send('x');
    expect(res.status).toBe(415);
    expect(res.headers['accept-patch']).toBe('application/json');
    expect(res.body).toEqual({ error: 'Content-Type must be application/json' });
  });

  it('when a DELETE body is text, then 415 naming JSON in Accept, with no Accept-Post or Accept-Patch', async () => {
    const res = await request(app).delete('/things').type('text/plain').send('x');
    expect(res.status).toBe(415);
    expect(res.headers.accept).toBe('application/json');
    expect(res.headers['accept-post']).toBeUndefined();
    expect(res.headers['accept-patch']).toBeUndefined();
  });

  it('when a DELETE has no body, then the route reads {}', async () => {
    const res = await request(app).delete('/things');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: {} });
  });

  it.each([
    ['OPTIONS', '/things/1', 'GET, HEAD, PATCH'],
    ['PUT', '/THINGS/1/', 'GET, HEAD, PATCH'],
    ['POST', '/things', 'DELETE'],
  ])(
    'when %s %s has no route but the path has, then 404 with Allow: %s',
    async (method, path, allow) => {
      const res = await request(app)[method.toLowerCase() as 'put'](path);
      expect(res.status).toBe(404);
      expect(res.headers.allow).toBe(allow);
    },
  );

  it('when a path has no route at all, then 404 without Allow', async () => {
    const res = await request(app).get('/things/1/more');
    expect(res.status).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});
