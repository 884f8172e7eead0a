import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp } from './support.js';

const app = buildApp();

describe('query decoding: values are decoded before a route reads them', () => {
  it.each([
    ['"+"', 'science+fiction'],
    ['"%20"', 'science%20fiction'],
  ])('when a space is written as %s, then the handler sees a space', async (_how, written) => {
    const res = await request(app).get(`/browse/books?keywords=${written}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('Searching for science fiction in the books category');
  });

  it('when "+" and "%20" are mixed in one value, then both give spaces', async () => {
    const res = await request(app).get(
      '/products/books/novels?keywords=science+fiction,space%20opera',
    );
    expect(res.text).toBe(
      "You are looking for [science fiction AND space opera] in books/novels, aren't you?",
    );
  });

  it('when a plus sign is wanted, then "%2B" gives it', async () => {
    const res = await request(app).get('/browse/languages?keywords=C%2B%2B');
    expect(res.text).toBe('Searching for C++ in the languages category');
  });

  it('when a value holds percent-encoded UTF-8, then it is decoded', async () => {
    const res = await request(app).get('/people?letter=%C3%A9');
    expect(res.text).toBe('No person found for é');
  });

  it('when a value holds a comma written as "%2C", then it splits keywords like a plain comma', async () => {
    const res = await request(app).get('/products/a/b?keywords=x%2Cy');
    expect(res.text).toBe("You are looking for [x AND y] in a/b, aren't you?");
  });

  it('when a value has broken percent-encoding, then it is kept as written and is not an error', async () => {
    const res = await request(app).get('/browse/misc?keywords=100%25+sure%ZZ');
    expect(res.status).toBe(200);
    expect(res.text).toBe('Searching for 100% sure%ZZ in the misc category');
  });

  it('when a key uses bracket syntax, then it is just another key name and the plain key stays missing', async () => {
    const res = await request(app).get('/products/a/b?keywords[x]=y');
    expect(res.status).toBe(200);
    expect(res.text).toBe("You are looking for [] in a/b, aren't you?");
  });

  it('when a route parameter has broken percent-encoding, then answers 400 in text, not 500', async () => {
    const res = await request(app).get('/person/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe("Failed to decode param '%E0%A4%A'");
  });
});
