import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { registerRoutes, ShadowedRouteError, type Route } from '../src/index.js';

/** A route that answers its own path, so a test sees which route answered. */
function route(method: Route<null>['method'], path: string): Route<null> {
  return {
    method,
    path,
    responses: {},
    handle(_req, res) {
      res.json({ answeredBy: `${method.toUpperCase()} ${path}` });
    },
  };
}

function register(routes: Route<null>[]): express.Express {
  const app = express();
  registerRoutes(app, routes, null);
  return app;
}

describe('registerRoutes: a route an earlier one would answer', () => {
  it('when GET /products/count comes after GET /products/{id}, then start-up is refused naming both routes', () => {
    const routes = [route('get', '/products/{id}'), route('get', '/products/count')];
    expect(() => register(routes)).toThrow(ShadowedRouteError);
    expect(() => register(routes)).toThrow(
      'GET /products/count is never reached: GET /products/{id}, registered before it, answers every path it would; register it first',
    );
  });

  it.each([
    ['the same route twice', ['/items', '/items']],
    ['a parameter in the middle', ['/shops/{shop}/items', '/shops/main/items']],
    ['two parameters for one', ['/a/{x}', '/a/{y}']],
  ])('when it is %s, then start-up is refused', (_case, [first = '', second = '']) => {
    expect(() => register([route('get', first), route('get', second)])).toThrow(
      `GET ${second} is never reached: GET ${first}`,
    );
  });

  it('when GET /products/count comes first, then each route answers its own paths over HTTP', async () => {
    const app = register([route('get', '/products/count'), route('get', '/products/{id}')]);
    expect((await request(app).get('/products/count')).body).toEqual({
      answeredBy: 'GET /products/count',
    });
    expect((await request(app).get('/products/42')).body).toEqual({
      answeredBy: 'GET /products/{id}',
    });
  });

  it.each([
    ['another method', [route('get', '/products/{id}'), route('delete', '/products/count')]],
    ['a longer path', [route('get', '/products/{id}'), route('get', '/products/{id}/reviews')]],
    [
      'a parameter after a literal (books: /books/badroute, then /books/{id})',
      [route('get', '/books/badroute'), route('get', '/books/{id}')],
    ],
  ])('when the later route differs by %s, then both are registered', (_case, routes) => {
    expect(() => register(routes)).not.toThrow();
  });
});
