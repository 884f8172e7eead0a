import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  AUTH_FAILURE_LIMIT_MESSAGE,
  REQUEST_LIMIT_MESSAGE,
} from '../throttle/too-many-requests.js';
import type { ApiDocument, UnmatchedRouteResponse } from './api-document.js';
import { operationsOf } from './limits.js';

/** A 429 body as the service's error handler renders it, for one of the given messages. */
export interface TooManyRequestsBody {
  mediaType: string;
  schema: (messages: readonly [string, ...string[]]) => z.ZodType;
  example: (message: string) => unknown;
}

/** Products, orders and the mini-store. */
export const jsonErrorTooManyRequests: TooManyRequestsBody = {
  mediaType: 'application/json',
  schema: (messages) => z.strictObject({ error: z.enum(messages) }),
  example: (message) => ({ error: message }),
};

/** Books and the tutorial. */
export const textTooManyRequests: TooManyRequestsBody = {
  mediaType: 'text/plain',
  schema: (messages) => z.enum(messages),
  example: (message) => message,
};

export const TOO_MANY_REQUESTS_RESPONSE = 'TooManyRequests';
const TOO_MANY_AUTH_FAILURES = 'TooManyAuthenticationFailures';
export const RATE_LIMIT_HEADER_REFS = {
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
};

/**
 * Registers the limits' headers and the 429 responses: `RATE_LIMIT`'s, and `AUTH_FAILURE_LIMIT`'s
 * only for a service with tokens, whose document alone may speak of failed token checks.
 */
export function registerRateLimitComponents(
  registry: OpenAPIRegistry,
  body: TooManyRequestsBody,
  withTokens: boolean,
): z.ZodType[] {
  registry.registerComponent('headers', 'RateLimit-Policy', {
    description:
      'The per-client request limit (IETF draft-ietf-httpapi-ratelimit-headers-08): the policy name, its quota `q`, its window `w` in seconds and `pk`, a digest of the client the count is kept for. On every response of the API (see the README on throttling).',
    schema: { type: 'string' },
    example: '"1000000-in-1min"; q=1000000; w=60; pk=:Yzc4ZTFjNThiNDMw:',
  });
  registry.registerComponent('headers', 'RateLimit', {
    description:
      'What is left of the per-client request limit (IETF draft-ietf-httpapi-ratelimit-headers-08): `r` requests remain for `t` more seconds. On every response of the API.',
    schema: { type: 'string' },
    example: '"1000000-in-1min"; r=999999; t=60',
  });
  registry.registerComponent('headers', 'Retry-After', {
    description: 'The number of seconds to wait before the client is let through again.',
    schema: { type: 'integer', minimum: 1 },
    example: 42,
  });
  const response = (name: string, description: string, messages: [string, ...string[]]) =>
    registerBodyResponse(registry, name, {
      description,
      headers: {
        'Retry-After': { $ref: '#/components/headers/Retry-After' },
        ...RATE_LIMIT_HEADER_REFS,
      },
      mediaType: body.mediaType,
      schema: body.schema(messages),
      example: body.example(messages[0]),
    });
  const requestLimit = response(
    TOO_MANY_REQUESTS_RESPONSE,
    'Too Many Requests: the client is over the per-client request limit (`RATE_LIMIT` per `RATE_LIMIT_WINDOW_SECONDS`); `Retry-After` says when the window ends.',
    [REQUEST_LIMIT_MESSAGE],
  );
  if (!withTokens) return [requestLimit];
  return [
    requestLimit,
    response(
      TOO_MANY_AUTH_FAILURES,
      'Too Many Requests: the client is over the per-client request limit, or its token checks failed `AUTH_FAILURE_LIMIT` times within `AUTH_FAILURE_WINDOW_SECONDS` and every request it makes to a route with a token is refused until the window ends, whatever token it presents; `Retry-After` says when.',
      [REQUEST_LIMIT_MESSAGE, AUTH_FAILURE_LIMIT_MESSAGE],
    ),
  ];
}

/** The route with its 429, which on a token route may also be the failed-authentication one. */
export function withTooManyRequests(route: RouteConfig): RouteConfig {
  const name =
    (route.security ?? []).length > 0 ? TOO_MANY_AUTH_FAILURES : TOO_MANY_REQUESTS_RESPONSE;
  return {
    ...route,
    responses: { ...route.responses, 429: { $ref: `#/components/responses/${name}` } },
  };
}

export function addRateLimitHeaders(document: ApiDocument): void {
  for (const { responses = {} } of operationsOf(document)) {
    for (const response of Object.values(responses) as Record<string, unknown>[]) {
      if ('$ref' in response) continue;
      response.headers = { ...(response.headers as object | undefined), ...RATE_LIMIT_HEADER_REFS };
    }
  }
}

type BodyResponse = UnmatchedRouteResponse & { headers: Record<string, { $ref: string }> };

/** A response component whose body schema is the component `<name>Body`; returns that schema. */
export function registerBodyResponse(
  registry: OpenAPIRegistry,
  name: string,
  { description, headers, mediaType, schema, example }: BodyResponse,
): z.ZodType {
  registry.registerComponent('responses', name, {
    description,
    headers,
    content: { [mediaType]: { schema: { $ref: `#/components/schemas/${name}Body` }, example } },
  });
  return schema.meta({ id: `${name}Body` });
}
