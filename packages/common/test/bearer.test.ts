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
import { PARSED_HEADER_LIMIT } from '../src/http/header-limit.js';

const SECRET = 's3cret-token';

/** A reading of the header for these tests: the token after the last `Token `. */
function parseTokenScheme(header: string | undefined): string | null {
  const at = header?.lastIndexOf('Token ') ?? -1;
  return header === undefined || at === -1 ? null : header.slice(at + 'Token '.length);
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

  it.each([
    ['the secret after the scheme the reading expects', 200, `Token ${SECRET}`],
    ['nothing (no header sent)', 401, undefined],
    ['a header the reading finds no token in', 401, `Bearer ${SECRET}`],
    ['an empty token', 401, 'Token '],
    ['a wrong token', 401, 'Token not-the-secret'],
    ['a prefix of the secret', 401, `Token ${SECRET.slice(0, 4)}`],
    ['the secret with a suffix', 401, `Token ${SECRET}x`],
    [
      'the secret after a scheme of PARSED_HEADER_LIMIT characters (the longest read)',
      200,
      `${'T'.repeat(PARSED_HEADER_LIMIT - 'Token '.length)}Token ${SECRET}`,
    ],
    [
      'the secret, one character past PARSED_HEADER_LIMIT beyond its own length (not read)',
      401,
      `x${'T'.repeat(PARSED_HEADER_LIMIT - 'Token '.length)}Token ${SECRET}`,
    ],
  ])('when the header holds %s, then the answer is %s', async (_case, status, header) => {
    const call = request(app).get('/private');
    const response = header === undefined ? await call : await call.set('authorization', header);
    expect(response.status).toBe(status);
    expect(response.body).toEqual(
      status === 200 ? { ok: true } : { error: 'Token is missing or does not match.' },
    );
  });
});
