import { describe, expect, it } from 'vitest';
import { runService, type RunningService } from '@repo/common';
import { loadConfig } from '../src/config.js';
import { service as booksService } from '../src/service.js';
import { TOKEN, unique } from './support.js';

/** The real service on a free port, with the token the tests use and no log output. */
function start(): Promise<RunningService> {
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', BOOKS_TOKEN: TOKEN });
  return runService({ ...booksService, ownsProcess: false, loadConfig: () => config });
}

async function titlesAt(url: string): Promise<string[]> {
  const response = await fetch(`${url}/books`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { title: string }[]).map((book) => book.title);
}

describe('the running service', () => {
  it('when it has started, then it is ready and takes books with the configured token', async () => {
    const running = await start();
    try {
      expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
      const title = unique('Served');
      const created = await fetch(`${running.url}/books`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title, author: 'A' }),
      });
      expect(created.status).toBe(201);
      expect(await titlesAt(running.url)).toEqual([title]);
    } finally {
      await running.stop();
    }
  });

  it('when it is stopped and started again, then it starts with no books (they live in memory)', async () => {
    const first = await start();
    try {
      const created = await fetch(`${first.url}/books`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: unique('Forgotten'), author: 'A' }),
      });
      expect(created.status).toBe(201);
    } finally {
      await first.stop();
    }
    const second = await start();
    try {
      expect(await titlesAt(second.url)).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});
