import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  addErrorHandlers,
  createHttpApp,
  HttpError,
  jsonErrorRenderer,
  requireBearerToken,
  silentLogger,
} from '@repo/common';

const SECRET = 's3cret-token';

/** A reading of the header for these tests: the token after `Token `. */
function parseTokenScheme(header: string | undefined): string | null {
  return header?.startsWith('Token ') ? header.slice('Token '.length) : null;
}

function appWithTokenCheck() {
  const logger = silentLogger();
  const app = createHttpApp({ logger });
  const requireToken = requireBearerToken({
    token: SECRET,
    parse: parseTokenScheme,
    reject: () => new HttpError(401, 'Token is missing or does not match.'),
  });
  app.get('/private', requireToken, (_req, res) => {
    res.json({ ok: true });
  });
  addErrorHandlers(app, { logger, renderError: jsonErrorRenderer('Something went wrong') });
  return app;
}

describe('requireBearerToken, with the reading of the header a service chooses', () => {
  const app = appWithTokenCheck();

  it('when the token read from the header equals the secret, then the request is let through', async () => {
    const response = await request(app).get('/private').set('authorization', `Token ${SECRET}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
  });

  it.each([
    ['no header', undefined],
    ['a header the reading finds no token in', `Bearer ${SECRET}`],
    ['an empty token', 'Token '],
    ['a wrong token', 'Token not-the-secret'],
    ['a prefix of the secret', `Token ${SECRET.slice(0, 4)}`],
    ['the secret with a suffix', `Token ${SECRET}x`],
  ])(
    'when the header has %s, then the rejection of the service is thrown',
    async (_case, header) => {
      const call = request(app).get('/private');
      const response = header === undefined ? await call : await call.set('authorization', header);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Token is missing or does not match.' });
    },
  );
});
