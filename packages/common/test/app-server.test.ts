import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHttpApp, silentLogger } from '@repo/common';
import { REQUEST_HEAD_LIMIT } from '../src/openapi/limits.js';
import { createAppServer } from '../src/runtime/app-server.js';

interface Seen {
  requestPrototype: unknown;
  responsePrototype: unknown;
}

/** The listener the server calls, noting what each request and response was built with. */
function noting(seen: Seen[], answer: RequestListener): RequestListener {
  return (req, res) => {
    seen.push({
      requestPrototype: Object.getPrototypeOf(req),
      responsePrototype: Object.getPrototypeOf(res),
    });
    answer(req, res);
  };
}

describe('createAppServer', () => {
  it('when given an Express app, then every request and response is built with the app prototypes before the app sees it', async () => {
    const app = createHttpApp({ logger: silentLogger() });
    app.get('/hello', (_req, res) => {
      res.send('hello');
    });
    const seen: Seen[] = [];
    const server = createAppServer(app, noting(seen, app));

    await request(server).get('/hello').expect(200, 'hello');
    await request(server).get('/hello').expect(200, 'hello');

    expect(seen).toEqual([
      { requestPrototype: app.request, responsePrototype: app.response },
      { requestPrototype: app.request, responsePrototype: app.response },
    ]);
  });

  it('when a response is built with the app prototypes, then V8 keeps its properties in fast mode, as for Node’s own responses', async () => {
    // V8's own check, available once natives syntax is allowed; it only affects code parsed after.
    setFlagsFromString('--allow-natives-syntax');
    const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (
      object: object,
    ) => boolean;
    const app = createHttpApp({ logger: silentLogger() });
    app.get('/hello', (_req, res) => {
      res.send('hello');
    });
    const fastMode: boolean[] = [];
    const server = createAppServer(app, (req, res) => {
      fastMode.push(hasFastProperties(req), hasFastProperties(res));
      app(req, res);
    });

    await request(server).get('/hello').expect(200, 'hello');

    expect(fastMode).toEqual([true, true]);
  });

  it('when requests go through it, then Express parses bodies, params and queries and answers as usual', async () => {
    const app = createHttpApp({ logger: silentLogger() });
    app.post('/echo/:id', (req, res) => {
      res.status(201).json({ id: req.params.id, query: req.query, body: req.body as unknown });
    });
    const server = createAppServer(app, app);

    const response = await request(server)
      .post('/echo/7?sort=asc')
      .send({ name: 'Lamp' })
      .expect(201);
    expect(response.body).toEqual({ id: '7', query: { sort: 'asc' }, body: { name: 'Lamp' } });
    expect(response.headers['content-security-policy']).toBeDefined();
    await request(server)
      .post('/echo/7')
      .set('content-type', 'application/json')
      .send('{"name":')
      .expect(400);
    await request(server).head('/echo/7').expect(404);
  });

  it('when given a plain request listener, then requests are Node’s own objects', async () => {
    const seen: Seen[] = [];
    const listener: RequestListener = (_req, res) => res.end('plain');
    const server = createAppServer(listener, noting(seen, listener));

    await request(server).get('/').expect(200, 'plain');

    expect(seen).toEqual([
      { requestPrototype: IncomingMessage.prototype, responsePrototype: ServerResponse.prototype },
    ]);
  });

  it('when Node cannot build requests with the app prototypes, then the server keeps Node’s own objects and still answers', async () => {
    // Node's request constructor sets `url`; a getter-only `url` here makes that throw.
    const request_ = Object.create(IncomingMessage.prototype, {
      url: { get: () => '/fixed' },
    }) as IncomingMessage;
    const response_ = Object.create(ServerResponse.prototype) as ServerResponse;
    const listener: RequestListener = (_req, res) => res.end('still here');
    const app = Object.assign(listener, { request: request_, response: response_ });
    const seen: Seen[] = [];
    const server = createAppServer(app, noting(seen, app));

    await request(server).get('/').expect(200, 'still here');

    expect(seen).toEqual([
      { requestPrototype: IncomingMessage.prototype, responsePrototype: ServerResponse.prototype },
    ]);
  });

  it('when a request head is longer than the limit the OpenAPI documents state, then it is answered 431 before the app sees it', async () => {
    const seen: Seen[] = [];
    const listener: RequestListener = (_req, res) => res.end('read');
    const server = createAppServer(listener, noting(seen, listener));

    await request(server)
      .get(`/${'a'.repeat(REQUEST_HEAD_LIMIT / 2)}`)
      .expect(200, 'read');
    await request(server)
      .get(`/${'a'.repeat(REQUEST_HEAD_LIMIT)}`)
      .expect(431);

    expect(seen).toHaveLength(1);
  });
});
