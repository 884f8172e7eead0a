import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { GREETING, PEOPLE } from '../src/domain/replies.js';
import { buildApp, HTML } from './support.js';

const app = buildApp();

describe('GET /', () => {
  it('when requested, then answers 200 with the greeting labelled as HTML', async () => {
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(HTML);
    expect(res.text).toBe(GREETING);
    expect(res.text).toBe('Hello World! Welcome to the tutorial routes.');
  });

  it("when requested, then the HTML page carries helmet's page headers and a policy that loads nothing and never upgrades to https", async () => {
    const res = await request(app).get('/');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'self'",
    );
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('GET /person/:id', () => {
  it('when the id is a number, then answers 200 "You asked for person <id>"', async () => {
    const res = await request(app).get('/person/42');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(HTML);
    expect(res.text).toBe('You asked for person 42');
  });

  it.each(['3.5', '-7', '1e3', '0x1f'])(
    'when the id is %s, which Number() reads as a number, then answers 200',
    async (id) => {
      const res = await request(app).get(`/person/${id}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe(`You asked for person ${id}`);
    },
  );

  it.each(['abc', '12abc', 'NaN'])(
    'when the id is %s, for which Number() is NaN, then answers 400 with the README text',
    async (id) => {
      const res = await request(app).get(`/person/${id}`);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe(HTML);
      expect(res.text).toBe('BAD REQUEST: Person ID must be a number');
    },
  );

  it('when the path has no id, then no route matches and it is a 404', async () => {
    const res = await request(app).get('/person/');
    expect(res.status).toBe(404);
    expect(res.text).toBe('Cannot GET /person/');
  });
});

describe('GET /catalog', () => {
  it('when itemid is a number, then answers 200 "Oh, you\'re looking for item <itemid>?"', async () => {
    const res = await request(app).get('/catalog').query({ itemid: '17' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(HTML);
    expect(res.text).toBe("Oh, you're looking for item 17?");
  });

  it('when itemid is present but empty, then it converts to 0 and answers 200', async () => {
    const res = await request(app).get('/catalog?itemid=');
    expect(res.status).toBe(200);
    expect(res.text).toBe("Oh, you're looking for item ?");
  });

  it('when itemid is a bare key with no "=", then it is empty text and answers 200', async () => {
    const res = await request(app).get('/catalog?itemid');
    expect(res.status).toBe(200);
    expect(res.text).toBe("Oh, you're looking for item ?");
  });

  it('when itemid is missing, then answers 400 "Error: itemid must be a number"', async () => {
    const res = await request(app).get('/catalog');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe(HTML);
    expect(res.text).toBe('Error: itemid must be a number');
  });

  it('when itemid is not a number, then answers 400 with the README text', async () => {
    const res = await request(app).get('/catalog?itemid=abc');
    expect(res.status).toBe(400);
    expect(res.text).toBe('Error: itemid must be a number');
  });

  it('when itemid is repeated, then Number() of the array is NaN and it answers 400', async () => {
    const res = await request(app).get('/catalog?itemid=1&itemid=2');
    expect(res.status).toBe(400);
    expect(res.text).toBe('Error: itemid must be a number');
  });
});

describe('GET /league/:leaguename/team/:teamname', () => {
  it('when both names are given, then answers 200 with the team and league in the README text', async () => {
    const res = await request(app).get('/league/NBA/team/Lakers');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(HTML);
    expect(res.text).toBe("You want to know about the Lakers? They're in the NBA!");
  });

  it('when a name is percent-encoded, then it is decoded', async () => {
    const res = await request(app).get('/league/Premier%20League/team/Man%20City');
    expect(res.text).toBe("You want to know about the Man City? They're in the Premier League!");
  });
});

describe('GET /play/artist/:artistName/song/:songName', () => {
  it('when the names are percent-encoded, then the reply has them decoded', async () => {
    const res = await request(app).get('/play/artist/The%20Beatles/song/Let%20It%20Be');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(HTML);
    expect(res.text).toBe('Oh, you want to listen to Let It Be by The Beatles?');
  });

  it('when a name holds an encoded slash or non-ASCII letters, then they are decoded too', async () => {
    const res = await request(app).get('/play/artist/Bj%C3%B6rk/song/Army%2FOf%20Me');
    expect(res.text).toBe('Oh, you want to listen to Army/Of Me by Björk?');
  });

  it('when a path parameter holds "+", then it stays a plus (only the query reads "+" as space)', async () => {
    const res = await request(app).get('/play/artist/AC+DC/song/T.N.T.');
    expect(res.text).toBe('Oh, you want to listen to T.N.T. by AC+DC?');
  });
});

describe('GET /browse/:category', () => {
  it('when keywords are given, then answers 200 "Searching for <keywords> in the <category> category"', async () => {
    const res = await request(app).get('/browse/books?keywords=dragons');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(HTML);
    expect(res.text).toBe('Searching for dragons in the books category');
  });

  it('when keywords are missing, then they read as empty text', async () => {
    const res = await request(app).get('/browse/books');
    expect(res.status).toBe(200);
    expect(res.text).toBe('Searching for  in the books category');
  });

  it('when keywords repeat, then their values are joined with commas', async () => {
    const res = await request(app).get('/browse/music?keywords=jazz&keywords=blues');
    expect(res.status).toBe(200);
    expect(res.text).toBe('Searching for jazz,blues in the music category');
  });
});

describe('GET /products/:department/:category', () => {
  it('when keywords are comma-separated, then they are listed joined by AND', async () => {
    const res = await request(app).get('/products/electronics/phones?keywords=android,5g,cheap');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(HTML);
    expect(res.text).toBe(
      "You are looking for [android AND 5g AND cheap] in electronics/phones, aren't you?",
    );
  });

  it('when there is one keyword, then the brackets hold it alone', async () => {
    const res = await request(app).get('/products/garden/tools?keywords=rake');
    expect(res.text).toBe("You are looking for [rake] in garden/tools, aren't you?");
  });

  it('when keywords are missing, then they are treated as empty and the brackets are empty', async () => {
    const res = await request(app).get('/products/garden/tools');
    expect(res.status).toBe(200);
    expect(res.text).toBe("You are looking for [] in garden/tools, aren't you?");
  });

  it('when keywords are present but empty, then the brackets are empty', async () => {
    const res = await request(app).get('/products/garden/tools?keywords=');
    expect(res.text).toBe("You are looking for [] in garden/tools, aren't you?");
  });

  it('when keywords have spaces around commas or empty items, then each is trimmed and empties dropped', async () => {
    const res = await request(app).get('/products/garden/tools?keywords=red,+blue,,%20green%20,');
    expect(res.text).toBe(
      "You are looking for [red AND blue AND green] in garden/tools, aren't you?",
    );
  });

  it('when keywords repeat, then every value counts as more comma-separated keywords', async () => {
    const res = await request(app).get('/products/garden/tools?keywords=red&keywords=blue,green');
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      "You are looking for [red AND blue AND green] in garden/tools, aren't you?",
    );
  });
});

describe('GET /people', () => {
  it('when letter matches a name, then answers 200 with that name', async () => {
    const res = await request(app).get('/people?letter=c');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(HTML);
    expect(res.text).toBe('Charlie');
  });

  it('when two names share the letter, then the first in the list wins', async () => {
    expect(PEOPLE.indexOf('Alice')).toBeLessThan(PEOPLE.indexOf('Anna'));
    expect(PEOPLE.indexOf('Bob')).toBeLessThan(PEOPLE.indexOf('Brian'));
    expect((await request(app).get('/people?letter=a')).text).toBe('Alice');
    expect((await request(app).get('/people?letter=b')).text).toBe('Bob');
  });

  it('when the letter is upper case, then the match ignores case', async () => {
    const res = await request(app).get('/people?letter=D');
    expect(res.status).toBe(200);
    expect(res.text).toBe('Diana');
  });

  it('when letter is longer than one character, then only its first character counts', async () => {
    const res = await request(app).get('/people?letter=Edgar');
    expect(res.text).toBe('Edward');
  });

  it.each(['z', 'Zed', '7', ' '])(
    'when no name starts with the first character of %j, then answers 200 "No person found for <letter>"',
    async (letter) => {
      const res = await request(app).get('/people').query({ letter });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(HTML);
      expect(res.text).toBe(`No person found for ${letter}`);
    },
  );

  it.each([
    ['missing', '/people'],
    ['empty', '/people?letter='],
    ['a bare key', '/people?letter'],
    ['repeated', '/people?letter=a&letter=b'],
    ['written with brackets (not a plain key)', '/people?letter[]=a'],
  ])(
    'when letter is %s, then answers 400 "letter query parameter is required"',
    async (_case, url) => {
      const res = await request(app).get(url);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe(HTML);
      expect(res.text).toBe('letter query parameter is required');
    },
  );
});
