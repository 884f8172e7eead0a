import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cannotRouteResponse,
  conditionalWrite,
  createApiDocument,
  errorResponse,
  jsonResponse,
  taggedRoutes,
  type ApiRoute,
  jsonErrorTooManyRequests,
} from '@repo/common';
import { ANSWER_TEXT_LIMIT, BODY_TEXT_LIMIT, REQUEST_HEAD_LIMIT } from '../src/openapi/limits.js';

const item = z.strictObject({
  name: z.string(),
  code: z.string().max(8),
  kind: z.enum(['a', 'b']),
  count: z.number().int(),
  size: z.number().int().min(1).max(20),
  tags: z.array(z.string()),
});

function documentOf(routes: ApiRoute[]) {
  return createApiDocument({
    service: 'fixture',
    version: '1.0.0',
    summary: 'A fixture.',
    routes,
    tooManyRequests: jsonErrorTooManyRequests,
    unmatchedRoute: cannotRouteResponse(),
  });
}

const routes: ApiRoute[] = [
  {
    method: 'get',
    path: '/',
    responses: { 200: jsonResponse('The index.', z.object({ ok: z.boolean() })) },
  },
  {
    method: 'post',
    path: '/shops/{shopId}/items',
    request: {
      params: z.object({ shopId: z.string() }),
      query: z.object({ note: z.string().optional() }),
      body: { content: { 'application/json': { schema: item } } },
    },
    responses: { 201: jsonResponse('Created.', z.array(item)) },
  },
];

describe('createApiDocument', () => {
  it('when routes name no operationId or tag, then each gets one from its method and path, and the tags are listed once', () => {
    const document = documentOf(routes);

    expect(document.paths?.['/']?.get?.operationId).toBe('getRoot');
    expect(document.paths?.['/']?.get?.tags).toEqual(['fixture']);
    const post = document.paths?.['/shops/{shopId}/items']?.post;
    expect(post?.operationId).toBe('postShopsByShopIdItems');
    expect(post?.tags).toEqual(['shops']);
    expect(document.tags).toEqual([{ name: 'fixture' }, { name: 'shops' }]);
    expect(document.externalDocs).toBeUndefined();
  });

  it('when the service has no token, then its document says nothing of failed token checks; with one, its token routes name that 429', () => {
    const open = JSON.stringify(documentOf(routes));
    expect(open).not.toMatch(/TooManyAuthenticationFailures|failed token checks/);

    const guarded = createApiDocument({
      service: 'fixture',
      version: '1.0.0',
      summary: 'A fixture.',
      routes: [{ ...routes[1]!, security: [{ shopToken: [] }] }],
      bearerSchemes: { shopToken: { description: 'The shop token.' } },
      tooManyRequests: jsonErrorTooManyRequests,
    });
    const post = guarded.paths?.['/shops/{shopId}/items']?.post;
    expect(post?.responses?.[429]).toEqual({
      $ref: '#/components/responses/TooManyAuthenticationFailures',
    });
    expect(guarded.info.description).toContain('failed token checks');
  });

  it('when routes are tagged as a group, then that tag replaces the one from the path', () => {
    const document = documentOf(taggedRoutes('everything', routes));

    expect(document.paths?.['/']?.get?.tags).toEqual(['everything']);
    expect(document.tags).toEqual([{ name: 'everything' }]);
  });

  it('when a schema states no bound, then it gets the transport bound of where it is, and a bound zod states is kept', () => {
    const post = documentOf(routes).paths?.['/shops/{shopId}/items']?.post;

    const parameters = (post?.parameters ?? []) as { name: string; schema: unknown }[];
    expect(parameters.map(({ name, schema }) => [name, schema])).toEqual([
      ['shopId', { type: 'string', maxLength: REQUEST_HEAD_LIMIT }],
      ['note', { type: 'string', maxLength: REQUEST_HEAD_LIMIT }],
    ]);
    const safeInt = {
      type: 'integer',
      format: 'int64',
      minimum: Number.MIN_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    };
    const body = post?.requestBody as { content: Record<string, { schema: unknown }> };
    expect(body.content['application/json']?.schema).toMatchObject({
      properties: {
        name: { type: 'string', maxLength: BODY_TEXT_LIMIT },
        code: { type: 'string', maxLength: 8 },
        kind: { type: 'string', enum: ['a', 'b'] },
        count: safeInt,
        size: { type: 'integer', format: 'int64', minimum: 1, maximum: 20 },
        tags: {
          type: 'array',
          maxItems: BODY_TEXT_LIMIT / 2,
          items: { type: 'string', maxLength: BODY_TEXT_LIMIT },
        },
      },
    });
    expect(body.content['application/json']?.schema).not.toHaveProperty(
      'properties.kind.maxLength',
    );
    // An array the service answers is bounded only where its zod schema says so.
    const answer = post?.responses?.['201'] as { content: Record<string, { schema: unknown }> };
    expect(answer.content['application/json']?.schema).not.toHaveProperty('maxItems');
    expect(answer.content['application/json']?.schema).toMatchObject({
      items: { properties: { name: { maxLength: ANSWER_TEXT_LIMIT }, code: { maxLength: 8 } } },
    });
  });

  it('when a write is conditional, then it takes If-Match beside its own headers and answers 412 in the given body', () => {
    const write = conditionalWrite(errorResponse, {
      method: 'delete',
      path: '/items/{id}',
      request: {
        params: z.object({ id: z.string() }),
        headers: z.object({ 'X-Trace': z.string() }),
      },
      responses: { 204: { description: 'Deleted.' } },
    } satisfies ApiRoute);
    const operation = documentOf([write]).paths?.['/items/{id}']?.delete;

    const parameters = (operation?.parameters ?? []) as { name: string; in: string }[];
    expect(parameters.map(({ name, in: where }) => [name, where])).toEqual([
      ['id', 'path'],
      ['X-Trace', 'header'],
      ['If-Match', 'header'],
    ]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(['204', '412', '429']);
    expect(operation?.responses?.['412']).toMatchObject({
      content: {
        'application/json': {
          example: {
            error: 'Precondition Failed: If-Match names no current entity tag of the resource',
          },
        },
      },
    });
  });

  it('when no route checks a token, then the document tells of no 429 for failed token checks; when one does, that route alone may answer it', () => {
    const withoutTokens = JSON.stringify(documentOf(routes));
    expect(withoutTokens).not.toContain('TooManyAuthenticationFailures');
    expect(withoutTokens).not.toMatch(/failed token checks|AUTH_FAILURE_LIMIT/);

    const guarded: ApiRoute = {
      ...routes[0],
      path: '/secret',
      security: [{ token: [] }],
    } as ApiRoute;
    const document = documentOf([...routes, guarded]);
    const tooMany = '#/components/responses/TooManyAuthenticationFailures';
    expect(document.paths?.['/secret']?.get?.responses?.[429]).toEqual({ $ref: tooMany });
    expect(document.paths?.['/']?.get?.responses?.[429]).toEqual({
      $ref: '#/components/responses/TooManyRequests',
    });
    expect(document.components?.schemas).toHaveProperty('TooManyAuthenticationFailuresBody');
    expect(document.info.description).toContain('only when `AUTH_FAILURE_LIMIT` is set');
  });
});
