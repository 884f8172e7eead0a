import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { describeIdempotentRoute, type ErrorResponseOf } from '../idempotency/route-option.js';
import {
  addAcceptHeaders,
  ALLOW_HEADER_REF,
  READS_NON_OBJECT_BODIES,
  registerBodyAnswerHeaders,
} from './body-answers-document.js';
import { boundApiDocument } from './limits.js';
import { cannotRouteResponse } from './responses.js';
import {
  addRateLimitHeaders,
  checksToken,
  RATE_LIMIT_HEADER_REFS,
  registerBodyResponse,
  registerRateLimitComponents,
  withTooManyRequests,
  type TooManyRequestsBody,
} from './rate-limit-document.js';

export type ApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** What the document needs of a route; a `Route` declaration is one (its handler left out). */
export type ApiRoute = RouteConfig & {
  before?: unknown;
  handle?: unknown;
  idempotency?: { errorResponse: ErrorResponseOf };
  readsNonObjectBodies?: true;
};

/** The answer to a request no route matches, which no path of the document can carry. */
export interface UnmatchedRouteResponse {
  description: string;
  mediaType: string;
  schema: z.ZodType;
  example: unknown;
}

export interface ApiDescription {
  service: string;
  version: string;
  /** What the service does, in a paragraph (CommonMark); the README link is added after it. */
  summary: string;
  routes: readonly ApiRoute[];
  /** Bearer-token schemes by name; `description` says which token and how it is checked. */
  bearerSchemes?: Readonly<Record<string, { description: string }>>;
  /** `cannotRouteResponse()` unless the service answers otherwise. */
  unmatchedRoute?: UnmatchedRouteResponse;
  /** How the service's error handler renders a 429 (the limits of `Throttle`). */
  tooManyRequests: TooManyRequestsBody;
  /** The service publishes events: `GET /asyncapi.json` serves their AsyncAPI document. */
  publishesEvents?: true;
}

/**
 * OpenAPI has no place for "any other request": the document names its answer once under
 * `components.responses`, and the contract tests hold every unmatched request to it.
 */
export const UNMATCHED_ROUTE_RESPONSE = 'UnmatchedRoute';

/** Relative, so in the description: `externalDocs.url` must be an absolute URI. */
const README_LINK = './README.md';

function describeService({ service, summary, routes, publishesEvents }: ApiDescription): string {
  const tokenLimit = routes.some(checksToken)
    ? ', and one that checks a token also 429 after too many failed token checks ' +
      '(`TooManyAuthenticationFailures`, only when `AUTH_FAILURE_LIMIT` is set)'
    : '';
  return [
    summary,
    `Every choice this document leaves open, with examples and configuration, is in the ` +
      `service's README ([services/${service}/README.md](${README_LINK})).`,
    `A method and path that no route below matches gets the \`${UNMATCHED_ROUTE_RESPONSE}\` ` +
      `response of the components (with \`Allow\` when the path has routes for other methods). ` +
      `\`GET /healthz\` and \`GET /readyz\` (the probes), ` +
      '`GET /metrics` (Prometheus, unless metrics are off or on a port of their own), ' +
      '`GET /openapi.json` (this document)' +
      (publishesEvents === true
        ? ', `GET /asyncapi.json` (the AsyncAPI document of the events it publishes)'
        : '') +
      ' and `GET /docs` are answered in front of the routes and ' +
      'are not part of the API, and no limit applies to them. Every response carries an ' +
      '`X-Request-Id` header (the one the request sent, when valid, or a new one) and the ' +
      '`RateLimit` and `RateLimit-Policy` headers of the per-client request limit; every ' +
      'operation may answer 429 (`TooManyRequests`; so may a request no route matches)' +
      `${tokenLimit}.`,
  ].join('\n\n');
}

/**
 * A service's OpenAPI 3.1 document from its route table (`@asteasolutions/zod-to-openapi`): the
 * zod schemas that read the requests describe them, so the document cannot drift from the code.
 */
export function createApiDocument(api: ApiDescription): ApiDocument {
  const registry = new OpenAPIRegistry();
  for (const [name, { description }] of Object.entries(api.bearerSchemes ?? {})) {
    registry.registerComponent('securitySchemes', name, {
      type: 'http',
      scheme: 'bearer',
      description,
    });
  }
  registerBodyAnswerHeaders(registry);
  const bodySchemas = [
    registerBodyResponse(registry, UNMATCHED_ROUTE_RESPONSE, {
      ...(api.unmatchedRoute ?? cannotRouteResponse()),
      headers: { ...ALLOW_HEADER_REF, ...RATE_LIMIT_HEADER_REFS },
    }),
    ...registerRateLimitComponents(registry, api.tooManyRequests, api.routes.some(checksToken)),
  ];
  for (const {
    before: _before,
    handle: _handle,
    idempotency,
    readsNonObjectBodies,
    ...declared
  } of api.routes) {
    const route = withTooManyRequests(
      idempotency === undefined
        ? declared
        : describeIdempotentRoute(declared, idempotency.errorResponse),
    );
    if (readsNonObjectBodies === true) route[READS_NON_OBJECT_BODIES] = true;
    registry.registerPath({
      ...route,
      operationId: route.operationId ?? operationIdOf(route),
      tags: route.tags ?? [tagOf(route.path, api.service)],
    });
  }

  const document = new OpenApiGeneratorV31([
    ...registry.definitions,
    ...bodySchemas.map((schema) => ({ type: 'schema' as const, schema })),
  ]).generateDocument({
    openapi: '3.1.0',
    info: {
      title: `${api.service} API`,
      version: api.version,
      description: describeService(api),
    },
    tags: tagsOf(api),
  });
  addRateLimitHeaders(document);
  addAcceptHeaders(document);
  boundApiDocument(document);
  return document;
}

/** A route's default tag: the first segment of its path, or the service's name for `/`. */
function tagOf(path: string, service: string): string {
  return path.split('/')[1] || service;
}

function tagsOf({ routes, service }: ApiDescription): { name: string }[] {
  const names = new Set(routes.flatMap((route) => route.tags ?? [tagOf(route.path, service)]));
  return [...names].map((name) => ({ name }));
}

/** The same routes under one tag: for a group whose paths share no first segment. */
export function taggedRoutes<R extends { tags?: string[] }>(
  tag: string,
  routes: readonly R[],
): R[] {
  return routes.map((route) => ({ ...route, tags: [tag] }));
}

/** From the method and path, unique as they are: `GET /products/{id}` is `getProductsById`. */
function operationIdOf({ method, path }: ApiRoute): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
      return parameter === undefined ? segment : `by-${parameter}`;
    })
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  const name = words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
  return `${method}${name || 'Root'}`;
}

/** `services/<name>/openapi.json`. */
export const API_DOCUMENT_FILE = 'openapi.json';

/** A document (OpenAPI or AsyncAPI) as `npm run openapi` writes it: two-space JSON and a final newline. */
export function apiDocumentText(document: object): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
