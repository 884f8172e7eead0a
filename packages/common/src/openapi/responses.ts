import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { UnmatchedRouteResponse } from './api-document.js';

/** A response with a JSON body and, if given, its example. */
export function jsonResponse(
  description: string,
  schema: z.ZodType,
  example?: unknown,
): ResponseConfig {
  const media = example === undefined ? { schema } : { schema, example };
  return { description, content: { 'application/json': media } };
}

/** A 201 with the new document's id alone, as 24 lowercase hex characters; `id` is the example. */
export function createdIdResponse(description: string, id: string): ResponseConfig {
  return jsonResponse(description, z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/) }), {
    id,
  });
}

/** A required JSON request body with its example. */
export function jsonBody(schema: z.ZodType, example: unknown) {
  return { required: true, content: { 'application/json': { schema, example } } };
}

/** A response with a text body (`text/plain` unless the route says otherwise). */
export function textResponse(
  description: string,
  schema: z.ZodType<string>,
  example: string,
  mediaType = 'text/plain',
): ResponseConfig {
  return { description, content: { [mediaType]: { schema, example } } };
}

/** A response without a body (204, 304). */
export function emptyResponse(description: string): ResponseConfig {
  return { description };
}

/** Every GET route's answer to `If-None-Match` with the current ETag (weak, or a resource's strong one). */
export const notModifiedResponse = emptyResponse(
  'Not Modified: the body has not changed since the ETag sent in `If-None-Match`.',
);

/** The strong `ETag` of a resource's representation (`strongEtag`), which `If-Match` takes. */
const etagHeader = z.object({
  ETag: z
    .string()
    .regex(/^"[0-9]+"$/)
    .meta({
      description:
        'The strong entity tag of the representation; it changes whenever the representation does. Send it back in `If-Match` to change the resource only as it was read.',
      example: '"3"',
    }),
});

export function withEtag(response: ResponseConfig): ResponseConfig {
  return { ...response, headers: etagHeader };
}

/** The request header of a write that is applied only to the representation the client has. */
export const ifMatchHeader = z.object({
  'If-Match': z.string().optional().meta({
    description:
      'Apply only if the resource is still as read: `*` (any current representation) or a list of strong ETags (RFC 9110 13.1.1; weak tags never match). Without it the request is unconditional.',
    example: '"3"',
  }),
});

export const PRECONDITION_FAILED_DESCRIPTION =
  'Precondition Failed: `If-Match` names no current ETag of the resource (it has changed since it was read, or the header is malformed). Nothing was written.';

/** The plain-text status text `res.sendStatus` sends. */
export function statusTextResponse(description: string, statusText: string): ResponseConfig {
  return textResponse(description, z.literal(statusText), statusText);
}

/** `{ "error": <message> }`: products, orders and the mini-store. */
export const errorBodySchema = z.strictObject({ error: z.string() });

/** An `{ error }` response whose message is always `message`. */
export function fixedErrorResponse(description: string, message: string): ResponseConfig {
  return jsonResponse(description, z.strictObject({ error: z.literal(message) }), {
    error: message,
  });
}

/** An `{ error }` response whose message varies; `example` is one of them. */
export function errorResponse(description: string, example: string): ResponseConfig {
  return jsonResponse(description, errorBodySchema, { error: example });
}

/** Express's plain-text `Cannot <METHOD> <path>` 404, unless a service's README gives its own. */
export function cannotRouteResponse(): UnmatchedRouteResponse {
  return {
    description:
      'Not Found: no route matches the method and path. The text names them, without the query.',
    mediaType: 'text/plain',
    schema: z.string().regex(/^Cannot [A-Z]+ \/.*$/),
    example: 'Cannot GET /nothing-here',
  };
}

/**
 * A Server-Sent Events answer: a stream of `id`/`event`/`data` blocks and comment lines, open until
 * the server ends it; `Last-Event-ID` on the request resumes after the event it names.
 */
export function eventStreamResponse(description: string, example: string): ResponseConfig {
  return {
    ...textResponse(
      description,
      z.string().meta({
        description:
          'Events as `id: <id>`, `event: <name>`, `data: <JSON>` and a blank line; a line starting with `:` is a comment sent to keep the connection open.',
      }),
      example,
      'text/event-stream',
    ),
    headers: z.object({
      'Cache-Control': z.literal('no-cache'),
      'X-Accel-Buffering': z
        .literal('no')
        .meta({ description: 'Tells a proxy to pass each event on at once.' }),
    }),
  };
}

/** The `Last-Event-ID` request header an event stream resumes from. */
export const lastEventIdHeader = z.object({
  'Last-Event-ID': z.string().optional().meta({
    description:
      'The id of the last event received: the stream sends every later event once, in order, then the live ones. An id the service did not write is ignored.',
  }),
});
