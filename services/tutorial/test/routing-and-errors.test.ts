import request from 'supertest';
import { flushLogger } from '@repo/common';
import { describe, expect, it } from 'vitest';
import { buildApp, capturingLogger, PLAIN } from './support.js';

const app = buildApp();

/** What JSON.parse, and so the JSON parser, says of `text`. */
function parserMessage(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} parses`);
}

describe('routing on method and path together', () => {
  it.each([
    ['GET', '/nowhere'],
    ['GET', '/submitform'],
    ['POST', '/person/1'],
    ['POST', '/'],
    ['PUT', '/tracks'],
    ['DELETE', '/people'],
    ['PATCH', '/catalog'],
    ['OPTIONS', '/person/1'],
    ['OPTIONS', '/tracks'],
  ])(
    'when %s %s has no route, then answers 404 text "Cannot <METHOD> <path>"',
    async (method, path) => {
      const res = await request(app)[method.toLowerCase() as 'get'](`${path}?q=1`);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe(PLAIN);
      expect(res.text).toBe(`Cannot ${method} ${path}`);
    },
  );

  it('when the path differs only by letter case or a trailing slash, then it still matches', async () => {
    expect((await request(app).get('/Person/7/')).text).toBe('You asked for person 7');
  });

  it('when HEAD asks for a GET route, then it is answered like the GET without a body', async () => {
    const res = await request(app).head('/person/5');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('body parsing errors and limits', () => {
  it('when the JSON body is malformed, then answers 400 in plain text naming the problem', async () => {
    const res = await request(app)
      .post('/tracks')
      .set('Content-Type', 'application/json')
      .send('{"artist": "A", "title":');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe(PLAIN);
    expect(res.text).toBe(parserMessage('{"artist": "A", "title":'));
  });

  it('when the JSON body is a bare string, then it is refused as no JSON object', async () => {
    const res = await request(app)
      .post('/postData')
      .set('Content-Type', 'application/json')
      .send('"just text"');
    expect(res.status).toBe(400);
    expect(res.text).toBe('request body must be a JSON object');
  });

  it('when a JSON body is over the 100kb limit, then answers 413 in plain text', async () => {
    const res = await request(app)
      .post('/postData')
      .send({ filler: 'x'.repeat(101 * 1024) });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe(PLAIN);
    expect(res.text).toBe('request entity too large');
  });

  it('when a URL-encoded body is over the 100kb limit, then answers 413', async () => {
    const res = await request(app)
      .post('/submitform')
      .type('form')
      .send(`address=${'x'.repeat(101 * 1024)}`);
    expect(res.status).toBe(413);
    expect(res.text).toBe('request entity too large');
  });

  it('when a body is in a charset the parser cannot read, then answers 415 in plain text', async () => {
    const res = await request(app)
      .post('/postData')
      .set('Content-Type', 'application/json; charset=klingon')
      .send('{}');
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toBe(PLAIN);
    expect(res.text).toBe('unsupported charset "KLINGON"');
  });

  it('when a body just under the limit is sent, then it is accepted', async () => {
    const filler = 'y'.repeat(90 * 1024);
    const res = await request(app).post('/postData').send({ filler });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: { filler } });
  });
});

describe('a handler that throws', () => {
  it('when the handler throws, then answers 500 "Internal Server Error" with no message or stack, and logs it', async () => {
    const { logger, lines } = capturingLogger();
    const failing = buildApp({
      logger,
      clock: () => {
        throw new Error('clock failure with secret detail');
      },
    });
    const res = await request(failing).post('/tracks').send({ artist: 'A', title: 'T' });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe(PLAIN);
    expect(res.text).toBe('Internal Server Error');
    expect(res.text).not.toContain('secret detail');
    const logged = lines.filter((line) => line.msg === 'unexpected error while handling a request');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.err?.stack).toContain('clock failure with secret detail');
  });

  it('when the handler fails inside the reply (an invalid date), then it is still one 500', async () => {
    const failing = buildApp({ clock: () => new Date(Number.NaN) });
    const res = await request(failing).post('/tracks').send({ artist: 'A', title: 'T' });
    expect(res.status).toBe(500);
    expect(res.text).toBe('Internal Server Error');
  });
});

type App = ReturnType<typeof buildApp>;

describe('exactly one response per request', () => {
  it.each<[string, (app: App) => request.Test, number]>([
    ['GET /person/abc', (app) => request(app).get('/person/abc'), 400],
    ['GET /catalog', (app) => request(app).get('/catalog'), 400],
    ['GET /people', (app) => request(app).get('/people?letter=a&letter=b'), 400],
    [
      'POST /tracks without artist',
      (app) => request(app).post('/tracks').send({ title: 'T' }),
      400,
    ],
    [
      'POST /tracks without title',
      (app) => request(app).post('/tracks').send({ artist: 'A' }),
      400,
    ],
    [
      'POST /tracks that succeeds',
      (app) => request(app).post('/tracks').send({ artist: 'A', title: 'T' }),
      200,
    ],
    ['POST /submitform', (app) => request(app).post('/submitform').type('form').send('zip=1'), 200],
    ['GET /nowhere', (app) => request(app).get('/nowhere'), 404],
  ])(
    'when %s is answered, then exactly one response is written and nothing fails after it',
    async (_case, send, status) => {
      const { logger, lines } = capturingLogger();
      const res = await send(buildApp({ logger }));
      expect(res.status).toBe(status);
      // A second write would throw "headers already sent" into the error handler, which logs it.
      await new Promise((resolve) => setImmediate(resolve));
      flushLogger(logger);
      expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(1);
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    },
  );
});
