import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  addErrorHandlers,
  createHttpApp,
  jsonBodyParser,
  jsonErrorRenderer,
  MAX_JSON_DEPTH,
} from '@repo/common';
import { guardJsonBody, problemWithKey } from '../src/http/json-guard.js';
import { capturingLogger } from '../src/testing/error-log.js';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = { next: value };
  return value;
}

const problemOf = (body: unknown, storesClientKeys = false): string | undefined =>
  guardJsonBody(body, { storesClientKeys })?.message;

describe('the JSON guard: keys', () => {
  it.each(['name', 'price', 'a$b', '0', '_id', 'with space', 'ünïcödé', 'hasOwnProperty'])(
    'when a key is %j, then it is accepted, even for a service that stores its clients keys',
    (key) => {
      expect(problemWithKey(key, true)).toBeNull();
    },
  );

  it.each([
    ['__proto__', 'must not be "__proto__"'],
    ['constructor', 'must not be "constructor"'],
    ['prototype', 'must not be "prototype"'],
    ['a\u0000b', 'NUL'],
    ['\ud800', 'lone UTF-16 surrogate'],
  ])('when a key is %j, then every service refuses it because it %s', (key, reason) => {
    expect(problemWithKey(key, false)).toContain(reason);
  });

  it.each([
    ['$set', 'must not start with "$"'],
    ['a.b', 'must not contain "."'],
    ['', 'must not be empty'],
  ])(
    'when a key is %j, then only a service that stores its clients keys refuses it (%s)',
    (key, reason) => {
      expect(problemWithKey(key, true)).toContain(reason);
      expect(problemWithKey(key, false)).toBeNull();
    },
  );

  it('when a refused key sits inside arrays and objects, then the message names it and where it is', () => {
    expect(problemOf({ meta: { tags: [{ ok: 1 }, { $gt: 1 }] } }, true)).toBe(
      'invalid field name "$gt" inside "meta.tags[1]": a name must not start with "$" (MongoDB reads it as an operator)',
    );
  });

  it('when a __proto__ key was parsed from JSON text, then it is refused, at the top and nested', () => {
    expect(problemOf(JSON.parse('{"__proto__":{"x":1}}'))).toBe(
      'invalid field name "__proto__": a name must not be "__proto__"',
    );
    expect(problemOf(JSON.parse('{"a":[{"__proto__":1}]}'))).toBe(
      'invalid field name "__proto__" inside "a[0]": a name must not be "__proto__"',
    );
  });
});

describe('the JSON guard: values and depth', () => {
  it('when every key and value can be given back, then there is no problem', () => {
    expect(problemOf({ a: [1, { b: null, c: [[{ d: 'x\u0000y' }]] }], e: -0.5 }, true)).toBe(
      undefined,
    );
  });

  it.each([
    [
      '1e309',
      '{"a":{"b":[1e309]}}',
      'a number inside "a.b[0]" is too large to be given back as JSON',
    ],
    ['-1e309', '[-1e309]', 'a number inside "[0]" is too large to be given back as JSON'],
    ['a lone surrogate', '{"a":"\\ud800"}', 'a text inside "a" holds a lone UTF-16 surrogate'],
  ])('when a body holds %s, then it is refused', (_case, text, message) => {
    expect(problemOf(JSON.parse(text))).toBe(message);
  });

  it(`when a body nests exactly ${MAX_JSON_DEPTH} levels, then it is accepted`, () => {
    // The body itself is level 1; the innermost object is level MAX_JSON_DEPTH.
    expect(problemOf(nested(MAX_JSON_DEPTH))).toBe(undefined);
  });

  it.each([
    ['objects', JSON.parse(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`) as unknown],
    ['arrays', JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`) as unknown],
    ['one level too many', nested(MAX_JSON_DEPTH + 1)],
  ])('when a body nests %s deeper than the limit, then it is refused', (_case, body) => {
    expect(problemOf(body)).toBe(
      `request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`,
    );
  });

  it('when a route keeps only some top-level keys, then the others are dropped whatever they hold, and the kept ones are checked', () => {
    const body = JSON.parse(
      `{"name":"lamp","__proto__":1,"$set":{"a":1},"deep":${'['.repeat(100)}${']'.repeat(100)}}`,
    ) as Record<string, unknown>;
    expect(guardJsonBody(body, { storesClientKeys: true, keepOnly: ['name'] })).toBe(undefined);
    expect(Object.keys(body)).toEqual(['name']);
    expect(
      guardJsonBody({ name: { $set: 1 } }, { storesClientKeys: true, keepOnly: ['name'] })?.message,
    ).toContain('"$set" inside "name"');
  });
});

describe('the JSON guard in the parsers, before any route', () => {
  function buildApp() {
    const { logger, lines } = capturingLogger();
    const app = createHttpApp({ logger });
    let reached = 0;
    app.post('/app-parsed', (_req, res) => {
      reached += 1;
      res.json({ reached: true });
    });
    const routeApp = createHttpApp({ logger, json: false });
    routeApp.post('/route-parsed', jsonBodyParser(), (_req, res) => {
      reached += 1;
      res.json({ reached: true });
    });
    for (const each of [app, routeApp]) {
      addErrorHandlers(each, { logger, renderError: jsonErrorRenderer('Something went wrong') });
    }
    return { app, routeApp, reached: () => reached, lines };
  }

  it.each([
    ['nesting 10 000 deep', `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`, 'deeper than 32'],
    ['__proto__', '{"__proto__":{"polluted":true}}', '"__proto__"'],
    ['1e309', '{"price":1e309}', 'too large'],
  ])(
    'when a body holds %s, then both parsers answer 400 with the guard message, no route runs and nothing is logged as an error',
    async (_case, text, message) => {
      const { app, routeApp, reached, lines } = buildApp();
      for (const [target, path] of [
        [app, '/app-parsed'],
        [routeApp, '/route-parsed'],
      ] as const) {
        const response = await request(target)
          .post(path)
          .set('Content-Type', 'application/json')
          .send(text)
          .expect(400);
        expect((response.body as { error: string }).error).toContain(message);
      }
      expect(reached()).toBe(0);
      expect(lines().filter((line) => line.level === 50)).toEqual([]);
    },
  );

  it('when a UTF-8 body is not valid UTF-8, then 400 and no route runs', async () => {
    const { app, reached } = buildApp();
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      // Sent with fetch: supertest would serialise a Buffer as JSON.
      const response = await fetch(`http://127.0.0.1:${port}/app-parsed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat([
          Buffer.from('{"a":"'),
          Buffer.from([0xff, 0xc3, 0x28]),
          Buffer.from('"}'),
        ]),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'request body is not valid UTF-8' });
      expect(reached()).toBe(0);
    } finally {
      server.close();
    }
  });
});
