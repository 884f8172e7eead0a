import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  MALFORMED_KEY_MESSAGE,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  WELL_FORMED_KEY,
} from './key.js';
import {
  idempotencyMiddleware,
  KEY_IN_FLIGHT_MESSAGE,
  KEY_REUSED_MESSAGE,
  type CallerOf,
} from './middleware.js';
import { withRequestHeaders } from '../openapi/route.js';
import type { IdempotencyStore } from './store.js';

/** A service's error response for the document: its error body with `example` as the message. */
export type ErrorResponseOf = (description: string, example: string) => ResponseConfig;

export interface IdempotencyDeps {
  idempotency: IdempotencyStore;
  logger: Logger;
}

/**
 * A route's `idempotency` option: the route takes an `Idempotency-Key` (`idempotencyMiddleware`
 * runs after its `before`), and its OpenAPI description gets the header and the 400, 409 and 422
 * it may answer, in the service's error body (`errorResponse`).
 */
export interface IdempotencyOption<Deps> {
  middleware: (deps: Deps) => RequestHandler;
  errorResponse: ErrorResponseOf;
}

/** Every caller the same: a route without tokens or customers. */
export const ANONYMOUS: CallerOf = () => 'anonymous';

/** The `Authorization` header as sent (hashed with the key, never stored). */
export const byAuthorization: CallerOf = (req) =>
  `authorization ${req.headers.authorization ?? ''}`;

export function byPathParam(name: string): CallerOf {
  return (req: Request) => `${name} ${String(req.params[name] ?? '')}`;
}

/** The option for a route whose app's dependencies hold the key store (`idempotency`). */
export function idempotentRoute<Deps extends IdempotencyDeps>(
  errorResponse: ErrorResponseOf,
  caller: CallerOf = byAuthorization,
): IdempotencyOption<Deps> {
  return {
    middleware: ({ idempotency, logger }) =>
      idempotencyMiddleware({ store: idempotency, caller, logger }),
    errorResponse,
  };
}

const keyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(MAX_IDEMPOTENCY_KEY_LENGTH)
    .regex(WELL_FORMED_KEY)
    .optional()
    .meta({
      description:
        'Makes a retry safe (draft-ietf-httpapi-idempotency-key-header): the first request with a key is processed and its answer (2xx or 4xx) kept for `IDEMPOTENCY_TTL_SECONDS`; the same request with the same key gets that answer again, byte for byte, with `Idempotent-Replayed: true`, and creates nothing. 1 to 255 visible ASCII characters; a UUID is a good key.',
      example: '8e03978e-40d5-43e8-bc93-6894a57f9324',
    }),
});

const replayedHeader = z.object({
  [IDEMPOTENT_REPLAYED_HEADER]: z.literal('true').optional().meta({
    description:
      'Present when this is the stored answer to an earlier request with the same Idempotency-Key.',
  }),
});

type MediaObject = NonNullable<ResponseConfig['content']>[string];
type Described<T> = T | { $ref: string };

function isReference(value: object): value is { $ref: string } {
  return '$ref' in value;
}

/** One media type's schema for both answers: the union when they differ. */
function mergeMedia(before: MediaObject, added: MediaObject): MediaObject {
  if (before === undefined || added === undefined) return before ?? added;
  if (isReference(before) || isReference(added) || before.schema === added.schema) return before;
  const { schema: first } = before;
  const { schema: second } = added;
  if (!(first instanceof z.ZodType) || !(second instanceof z.ZodType)) return before;
  if (first instanceof z.ZodUnion && first.options.includes(second)) return before;
  return { ...before, schema: z.union([first, second]) };
}

function mergeResponse(
  existing: Described<ResponseConfig> | undefined,
  added: ResponseConfig,
): Described<ResponseConfig> {
  if (existing === undefined) return added;
  if (isReference(existing)) return existing;
  const content: Record<string, MediaObject> = { ...existing.content };
  for (const [mediaType, media] of Object.entries(added.content ?? {})) {
    content[mediaType] = mergeMedia(content[mediaType], media);
  }
  return { ...existing, description: `${existing.description} Or: ${added.description}`, content };
}

function withReplayedHeader(response: Described<ResponseConfig>): Described<ResponseConfig> {
  if (isReference(response)) return response;
  const { headers } = response;
  if (headers === undefined) return { ...response, headers: replayedHeader };
  if (headers instanceof z.ZodObject)
    return { ...response, headers: headers.extend(replayedHeader.shape) };
  return response;
}

/** The route as the document describes it once it takes a key. */
export function describeIdempotentRoute(
  route: RouteConfig,
  errorResponse: ErrorResponseOf,
): RouteConfig {
  const added: Record<number, ResponseConfig> = {
    400: errorResponse('The Idempotency-Key is malformed.', MALFORMED_KEY_MESSAGE),
    409: errorResponse(
      'A request with the same Idempotency-Key is still being processed; nothing was done.',
      KEY_IN_FLIGHT_MESSAGE,
    ),
    422: errorResponse(
      'The Idempotency-Key was used for another request (method, path or body); nothing was done.',
      KEY_REUSED_MESSAGE,
    ),
  };
  const responses: RouteConfig['responses'] = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = Number(status) < 300 ? withReplayedHeader(response) : response;
  }
  for (const [status, response] of Object.entries(added)) {
    responses[status] = mergeResponse(responses[status], response);
  }
  return { ...route, request: withRequestHeaders(route.request, keyHeader), responses };
}
