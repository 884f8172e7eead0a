import { afterAll, describe, expect, it } from 'vitest';
import { BASELINE_FRAMEWORKS, BASELINE_SERVERS } from '../src/baseline-servers/index.js';
import type { RunningBaseline } from '../src/baseline-servers/types.js';
import { booksById } from '../src/baselines/books.js';
import { tutorialPerson } from '../src/baselines/tutorial.js';
import type { BaselineRoute } from '../src/baselines/types.js';

const running: RunningBaseline[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
});

async function serve(framework: keyof typeof BASELINE_SERVERS, route: BaselineRoute) {
  const server = await BASELINE_SERVERS[framework](route, 0);
  running.push(server);
  return async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, init);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      link: response.headers.get('link'),
      body: await response.text(),
    };
  };
}

/** A route that answers with what it was handed, so every framework's reading of a request shows. */
const echo: BaselineRoute = {
  method: 'POST',
  path: '/echo/:id',
  jsonBody: true,
  handle: ({ params, body }) => ({
    status: 201,
    json: { params, body },
    headers: { link: '<next>' },
  }),
};

describe.each(BASELINE_FRAMEWORKS)('the %s baseline server', (framework) => {
  it('when a JSON body is posted, then the work gets the path parameters and the parsed body, and its status, JSON and headers are sent', async () => {
    const request = await serve(framework, echo);
    const answer = await request('/echo/a%20b', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [1, 2] }),
    });
    expect(answer.status).toBe(201);
    expect(answer.type).toBe('application/json; charset=utf-8');
    expect(answer.link).toBe('<next>');
    expect(JSON.parse(answer.body)).toEqual({ params: { id: 'a b' }, body: { items: [1, 2] } });
  });

  it('when the books work finds a book or not, then it answers the book as JSON or a bare 404', async () => {
    const request = await serve(
      framework,
      booksById.route({ db: undefined, fixture: [{ id: 7 }] }),
    );
    const found = await request('/books/7');
    expect(found.status).toBe(200);
    expect(JSON.parse(found.body)).toEqual({ id: 7 });
    expect((await request('/books/8')).status).toBe(404);
  });

  it('when the tutorial work answers text, then the text is sent as it is', async () => {
    const request = await serve(
      framework,
      tutorialPerson.route({ db: undefined, fixture: undefined }),
    );
    expect(await request('/person/12')).toMatchObject({
      status: 200,
      type: 'text/html; charset=utf-8',
      body: 'You asked for person 12',
    });
    expect(await request('/person/twelve')).toMatchObject({
      status: 400,
      body: 'BAD REQUEST: Person ID must be a number',
    });
  });

  it('when a path is not the route, then it is a 404', async () => {
    const request = await serve(framework, echo);
    expect((await request('/elsewhere', { method: 'POST' })).status).toBe(404);
  });
});
