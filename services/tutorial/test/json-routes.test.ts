import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp, HTML, JSON_TYPE } from './support.js';

const FIXED_NOW = new Date('2026-03-04T05:06:07.089Z');
const app = buildApp({ clock: () => FIXED_NOW });

describe('POST /tracks', () => {
  it('when artist and title are valid, then answers 200 JSON with the track and a UTC ISO timestamp', async () => {
    const res = await request(app).post('/tracks').send({
      artist: 'Nina Simone',
      title: 'Feeling Good',
      album: 'I Put a Spell on You',
      year: 1965,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.body).toEqual({
      status: 'success',
      trackAdded: {
        artist: 'Nina Simone',
        title: 'Feeling Good',
        album: 'I Put a Spell on You',
        year: 1965,
      },
      timestamp: '2026-03-04T05:06:07.089Z',
    });
  });

  it('when the real clock is used, then the timestamp is ISO 8601 in UTC and close to now', async () => {
    const before = Date.now();
    const res = await request(buildApp()).post('/tracks').send({ artist: 'A', title: 'T' });
    const after = Date.now();
    expect(res.body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const stamped = Date.parse(res.body.timestamp as string);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(after);
  });

  it('when album and year have any type, then they pass through unchecked', async () => {
    const res = await request(app)
      .post('/tracks')
      .send({ artist: 'X', title: 'Y', album: { name: 'Z', discs: [1, 2] }, year: 'nineteen' });
    expect(res.status).toBe(200);
    expect(res.body.trackAdded).toEqual({
      artist: 'X',
      title: 'Y',
      album: { name: 'Z', discs: [1, 2] },
      year: 'nineteen',
    });
  });

  it('when album and year are left out, then they are absent from trackAdded; null stays null', async () => {
    const absent = await request(app).post('/tracks').send({ artist: 'X', title: 'Y' });
    expect(absent.body.trackAdded).toEqual({ artist: 'X', title: 'Y' });
    const nulls = await request(app)
      .post('/tracks')
      .send({ artist: 'X', title: 'Y', album: null, year: null });
    expect(nulls.body.trackAdded).toEqual({ artist: 'X', title: 'Y', album: null, year: null });
  });

  it('when artist and title have surrounding spaces, then they are echoed as sent', async () => {
    const res = await request(app).post('/tracks').send({ artist: ' Adele ', title: 'Hello ' });
    expect(res.status).toBe(200);
    expect(res.body.trackAdded).toEqual({ artist: ' Adele ', title: 'Hello ' });
  });

  it('when keys other than the four are sent, then they are not in trackAdded', async () => {
    const res = await request(app).post('/tracks').send({ artist: 'A', title: 'T', rating: 5 });
    expect(res.body.trackAdded).toEqual({ artist: 'A', title: 'T' });
  });

  it.each([
    ['missing', { title: 'T' }],
    ['not a string', { artist: 42, title: 'T' }],
    ['an array', { artist: ['A'], title: 'T' }],
    ['null', { artist: null, title: 'T' }],
    ['empty', { artist: '', title: 'T' }],
    ['blank', { artist: ' \t\n ', title: 'T' }],
  ])(
    'when artist is %s, then answers 400 "artist must be a valid, non-empty string"',
    async (_case, body) => {
      const res = await request(app).post('/tracks').send(body);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe(HTML);
      expect(res.text).toBe('artist must be a valid, non-empty string');
    },
  );

  it.each([
    ['missing', { artist: 'A' }],
    ['not a string', { artist: 'A', title: false }],
    ['an object', { artist: 'A', title: { text: 'T' } }],
    ['empty', { artist: 'A', title: '' }],
    ['blank', { artist: 'A', title: '   ' }],
  ])(
    'when title is %s, then answers 400 "title must be a valid, non-empty string"',
    async (_case, body) => {
      const res = await request(app).post('/tracks').send(body);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe(HTML);
      expect(res.text).toBe('title must be a valid, non-empty string');
    },
  );

  it('when both artist and title are invalid, then artist is reported because it is checked first', async () => {
    const res = await request(app).post('/tracks').send({ artist: ' ', title: '' });
    expect(res.status).toBe(400);
    expect(res.text).toBe('artist must be a valid, non-empty string');
  });

  it.each([
    ['no body', undefined],
    ['a JSON array', [{ artist: 'A', title: 'T' }]],
    ['an empty JSON object', {}],
  ])('when the request has %s, then artist is missing and it answers 400', async (_case, body) => {
    const req = request(app).post('/tracks');
    const res = await (body === undefined ? req : req.send(body));
    expect(res.status).toBe(400);
    expect(res.text).toBe('artist must be a valid, non-empty string');
  });

  it('when the track comes URL-encoded, then it is parsed too and the reply is still JSON', async () => {
    const res = await request(app)
      .post('/tracks')
      .type('form')
      .send('artist=Queen&title=Bohemian+Rhapsody');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.body.trackAdded).toEqual({ artist: 'Queen', title: 'Bohemian Rhapsody' });
  });

  it('when the route is requested with GET, then it is a 404 because only POST is routed', async () => {
    const res = await request(app).get('/tracks');
    expect(res.status).toBe(404);
    expect(res.text).toBe('Cannot GET /tracks');
  });
});

describe('POST /postData', () => {
  it('when a JSON object is posted, then answers 200 JSON { received: <body> }', async () => {
    const body = { name: 'widget', tags: ['a', 'b'], nested: { count: 3, ok: true, none: null } };
    const res = await request(app).post('/postData').send(body);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.body).toEqual({ received: body });
  });

  it('when a JSON array is posted, then 400: the body must be a JSON object', async () => {
    const res = await request(app)
      .post('/postData')
      .send([1, 'two', { three: 3 }]);
    expect(res.status).toBe(400);
    expect(res.text).toBe('request body must be a JSON object');
  });

  it('when JSON content is sent with an empty body, then received is an empty object', async () => {
    const res = await request(app)
      .post('/postData')
      .set('Content-Type', 'application/json')
      .send('');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: {} });
  });

  it('when there is no body, then it reads as {}', async () => {
    const res = await request(app).post('/postData');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: {} });
  });

  it('when the body is a type no parser reads (text/plain), then 415 naming the two it takes', async () => {
    const res = await request(app)
      .post('/postData')
      .set('Content-Type', 'text/plain')
      .send('hello');
    expect(res.status).toBe(415);
    expect(res.headers['accept-post']).toBe('application/json, application/x-www-form-urlencoded');
    expect(res.text).toBe(
      'Content-Type must be application/json or application/x-www-form-urlencoded',
    );
  });

  it('when a URL-encoded body is posted, then its parsed fields come back', async () => {
    const res = await request(app).post('/postData').type('form').send('a=1&b=two+words');
    expect(res.body).toEqual({ received: { a: '1', b: 'two words' } });
  });

  it('when the JSON body echoes markup, then it comes back as JSON data, never as HTML', async () => {
    const res = await request(app).post('/postData').send({ html: '<script>alert(1)</script>' });
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.body).toEqual({ received: { html: '<script>alert(1)</script>' } });
  });

  it('when the route is requested with GET, then it is a 404', async () => {
    const res = await request(app).get('/postData');
    expect(res.status).toBe(404);
    expect(res.text).toBe('Cannot GET /postData');
  });
});
