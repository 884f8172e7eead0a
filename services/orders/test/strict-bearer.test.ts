import {
  addErrorHandlers,
  createHttpApp,
  jsonErrorRenderer,
  requireBearerToken,
  silentLogger,
} from '@repo/common';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { parseStrictBearer } from '../src/http/auth.js';
import { UnauthorizedError } from '../src/http/errors.js';

const SECRET = 's3cret-token';

// One route behind the strict parser and common's `{ error }` body, so only the parser decides.
const logger = silentLogger();
const app = createHttpApp({ logger });
const onlyWithSecret = requireBearerToken({
  token: SECRET,
  parse: parseStrictBearer,
  reject: () => new UnauthorizedError(),
});
app.get('/private', onlyWithSecret, (_req, res) => {
  res.json({ ok: true });
});
addErrorHandlers(app, { logger, renderError: jsonErrorRenderer('Something went wrong') });

describe('strict bearer parsing (exactly "Bearer <token>")', () => {
  it('when the header is "Bearer <secret>", then the request is let through', async () => {
    const response = await request(app).get('/private').set('authorization', `Bearer ${SECRET}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
  });

  it.each([
    ['no header', undefined],
    ['Bearer alone', 'Bearer'],
    ['Bearer and a space', 'Bearer '],
    ['another scheme word', `Token ${SECRET}`],
    ['lower-case scheme', `bearer ${SECRET}`],
    ['two tokens', `Bearer ${SECRET} extra`],
    ['two spaces', `Bearer  ${SECRET}`],
    ['a wrong token', 'Bearer not-the-secret'],
    ['a prefix of the secret', `Bearer ${SECRET.slice(0, 4)}`],
    ['the bare secret', SECRET],
  ])('when the header is %s, then the request is rejected with 401', async (_case, header) => {
    const call = request(app).get('/private');
    const response = header === undefined ? await call : await call.set('authorization', header);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Token is missing or does not match.' });
  });
});
