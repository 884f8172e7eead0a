import { describe, expect, it } from 'vitest';
import {
  addErrorHandlers,
  createHttpApp,
  jsonBodyParser,
  jsonErrorRenderer,
  silentLogger,
} from '@repo/common';
import { rawExchange } from '../src/testing/raw-exchange.js';
import { useListeningApp } from '../src/testing/listening-app.js';

function appWithBodies() {
  const logger = silentLogger();
  const app = createHttpApp({ logger, json: false, urlencoded: true });
  app.post('/json', jsonBodyParser(), (req, res) => {
    res.json({ got: req.body as unknown });
  });
  app.post('/form', (req, res) => {
    res.json({ got: req.body as unknown });
  });
  addErrorHandlers(app, { logger, renderError: jsonErrorRenderer('Something went wrong') });
  return app;
}

const server = useListeningApp(appWithBodies);

/** A request head that declares `length` bytes of `type` and sends none of them. */
function declaring(path: string, type: string, length: string): string {
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;
}

describe('a body declared larger than the limit', () => {
  it.each([
    ['/json', 'application/json'],
    ['/form', 'application/x-www-form-urlencoded'],
  ])(
    'when %s is declared 10 000 000 000 bytes of %s and none are sent, then the answer is the 413 of a body over the limit, at once, and the connection closes',
    async (path, type) => {
      // Without the check, the parser waits for the body until the request deadline (30 s).
      const answer = await rawExchange(server.url, declaring(path, type, '10000000000'));
      expect(answer.status).toBe(413);
      expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer.text.endsWith('{"error":"request entity too large"}')).toBe(true);
    },
  );

  it('when a body of exactly the limit is declared and sent, then it is read', async () => {
    const body = `{"a":"${'x'.repeat(102_400 - 8)}"}`;
    const answer = await rawExchange(
      server.url,
      `${declaring('/json', 'application/json', String(body.length)).replace('Host: x\r\n', 'Host: x\r\nConnection: close\r\n')}${body}`,
    );
    expect(answer.status).toBe(200);
  });

  it('when a body of another type is declared over the limit, then the parser leaves it to the route', async () => {
    const answer = await rawExchange(
      server.url,
      declaring('/json', 'text/plain', '10000000000').replace(
        'Host: x\r\n',
        'Host: x\r\nConnection: close\r\n',
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.text.endsWith('{}')).toBe(true);
  });
});
