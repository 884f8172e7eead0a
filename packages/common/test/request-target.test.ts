import { describe, expect, it } from 'vitest';
import { cannotRouteText, pathOf } from '../src/http/unmatched-request.js';

describe('pathOf, the path of a request target', () => {
  it.each([
    ['/readyz', '/readyz'],
    ['/products?limit=2', '/products'],
    ['//double', '//double'],
    ['http://127.0.0.1:6790/readyz', '/readyz'],
    ['http://127.0.0.1:6790/docs/swagger-ui.css?v=1', '/docs/swagger-ui.css'],
    ['https://example.test/a/b', '/a/b'],
    ['http://127.0.0.1:6790', '/'],
    ['http://127.0.0.1:6790?x=/y', '/'],
    ['*', '*'],
  ])('when the target is %j, then the path is %j', (target, path) => {
    expect(pathOf(target)).toBe(path);
  });

  it('when no route matched an absolute-form target, then the 404 names its path alone', () => {
    expect(cannotRouteText('GET', 'http://127.0.0.1:6790/nothing?x=1')).toBe('Cannot GET /nothing');
  });
});
