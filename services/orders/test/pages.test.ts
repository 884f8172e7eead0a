import { useTestDatabase } from '@repo/embedded-mongo/testing';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp } from './support.js';

const testDb = useTestDatabase('orders_pages');

/** The files a page or module names: stylesheets, scripts and the modules they import. */
function namedFiles(text: string): string[] {
  const links = [...text.matchAll(/(?:href|src)="(\/pages\/[^"]+)"/g)].map((match) => match[1]);
  const imports = [...text.matchAll(/from ["']\.\/([a-z-]+\.js)["']/g)].map(
    (match) => `/pages/${match[1]}`,
  );
  return [...links, ...imports].filter((name) => name !== undefined);
}

describe('the kitchen board and the tracker pages', () => {
  it.each(['/kitchen', '/track'])(
    'when %s is asked for without a token, then it is an HTML page that forbids inline scripts and styles, framing and other origins, revalidated on each load',
    async (path) => {
      const res = await request(buildApp(testDb.db)).get(path);

      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const policy = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "require-trusted-types-for 'script'",
      ])
        expect(policy).toContain(directive);
      expect(res.text).not.toMatch(/<script>|style="/);

      const again = await request(buildApp(testDb.db))
        .get(path)
        .set('If-None-Match', String(res.headers.etag));
      expect(again.status).toBe(304);
    },
  );

  it('when every file the pages name, and every module those import, is asked for, then each is served as a script or a stylesheet', async () => {
    const app = buildApp(testDb.db);
    const seen = new Set<string>();
    const pending = [
      ...namedFiles((await request(app).get('/kitchen')).text),
      ...namedFiles((await request(app).get('/track')).text),
    ];
    while (pending.length > 0) {
      const path = pending.pop() ?? '';
      if (seen.has(path)) continue;
      seen.add(path);
      const res = await request(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(
        path.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
      );
      if (path.endsWith('.js')) pending.push(...namedFiles(res.text));
    }
    // The two pages' scripts, the stylesheet and the modules the scripts share.
    expect(seen).toEqual(
      new Set([
        '/pages/pages.css',
        '/pages/kitchen.js',
        '/pages/tracker.js',
        '/pages/board-state.js',
        '/pages/dom.js',
        '/pages/event-stream.js',
        '/pages/order-data.js',
        '/pages/session-token.js',
      ]),
    );
  });

  it.each(['/pages/nothing.js', '/pages/tsconfig.json', '/pages/kitchen.ts', '/pages/..%2Fapp.js'])(
    'when %s is asked for, then it is the 404 of a page that does not exist',
    async (path) => {
      const res = await request(buildApp(testDb.db)).get(path);

      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'This page does not exist.' });
    },
  );
});
