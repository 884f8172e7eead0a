import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  createErrorHandler,
  createHttpApp,
  ForbiddenError,
  jsonErrorRenderer,
  parseLooseBearer,
  parseStrictBearer,
  requireBearerToken,
  silentLogger,
  tokensMatch,
  UnauthorizedError,
} from '@repo/common';

const SECRET = 's3cret-token';

function appWith(parse: (header: string | undefined) => string | null, reject: () => Error) {
  const logger = silentLogger();
  const app = createHttpApp({ logger });
  app.get('/private', requireBearerToken({ token: SECRET, parse, reject }), (_req, res) => {
    res.json({ ok: true });
  });
  app.use(createErrorHandler({ logger, render: jsonErrorRenderer('Something went wrong') }));
  return app;
}

describe('strict bearer parsing (exactly "Bearer <token>")', () => {
  const app = appWith(
    parseStrictBearer,
    () => new UnauthorizedError('Token is missing or does not match.'),
  );

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

describe('loose bearer parsing (the second space-separated part)', () => {
  const app = appWith(parseLooseBearer, () => new ForbiddenError());

  it.each([
    ['Bearer <secret>', `Bearer ${SECRET}`],
    ['any first word', `Token ${SECRET}`],
    ['a third part after the token', `Bearer ${SECRET} trailing`],
  ])('when the header is %s, then the request is let through', async (_case, header) => {
    const response = await request(app).get('/private').set('authorization', header);
    expect(response.status).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['Bearer alone', 'Bearer'],
    ['the bare secret', SECRET],
    ['two spaces (second part empty)', `Bearer  ${SECRET}`],
    ['a wrong token', 'Bearer wrong'],
  ])('when the header is %s, then the request is rejected with 403', async (_case, header) => {
    const call = request(app).get('/private');
    const response = header === undefined ? await call : await call.set('authorization', header);
    expect(response.status).toBe(403);
  });
});

describe('tokensMatch', () => {
  it('when the strings are equal, then they match; when they differ in length or content, then not', () => {
    expect(tokensMatch('abc', 'abc')).toBe(true);
    expect(tokensMatch('abc', 'abcd')).toBe(false);
    expect(tokensMatch('abc', 'abd')).toBe(false);
    expect(tokensMatch('', 'abc')).toBe(false);
  });
});
