import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';

/** The header a request id arrives in and is echoed in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a client or a proxy chose: 1 to 128 visible ASCII characters, so it cannot break a log
 * line or a header, nor make either grow without bound. Anything else is replaced.
 */
const givenRequestIdSchema = z.string().regex(/^[\x21-\x7e]{1,128}$/);

/**
 * A W3C `traceparent` (version 00 layout; later versions only add fields after it). Its trace id
 * names the whole distributed request, so it is the id every service of that request logs. An
 * all-zero trace or parent id is invalid, as the recommendation says.
 */
const traceparentSchema = z
  .string()
  .regex(/^(?!ff)[0-9a-f]{2}-(?!0{32})([0-9a-f]{32})-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}(-.*)?$/)
  .transform((value) => value.slice(3, 35));

/** Request ids by request: nothing is added to the request object itself (see createHttpApp). */
const requestIds = new WeakMap<IncomingMessage, string>();

/**
 * How a request without an id of its own gets one. Tracing, when on, replaces it so that the id is
 * the trace id of the request's span and a log line leads straight to its trace.
 */
let generateRequestId: () => string = randomUUID;

export function useRequestIdGenerator(generate: () => string): void {
  generateRequestId = generate;
}

function headerText(value: string | string[] | undefined): string | undefined {
  // A repeated header is ambiguous: neither copy is trusted.
  return typeof value === 'string' ? value : undefined;
}

/** The id of a request: its valid `X-Request-Id`, else its `traceparent`'s trace id, else a new one. */
export function readRequestId(req: IncomingMessage): string {
  const given = headerText(req.headers[REQUEST_ID_HEADER]);
  if (given !== undefined) {
    const parsed = givenRequestIdSchema.safeParse(given);
    if (parsed.success) return parsed.data;
  }
  const traceparent = headerText(req.headers.traceparent);
  if (traceparent !== undefined) {
    const parsed = traceparentSchema.safeParse(traceparent);
    if (parsed.success) return parsed.data;
  }
  return generateRequestId();
}

/** Gives a request its id, remembers it for the log lines written while handling it, and echoes it. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = readRequestId(req);
  requestIds.set(req, id);
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The id `assignRequestId` gave the request, if it went through an app that assigns them. */
export function requestIdOf(req: IncomingMessage): string | undefined {
  return requestIds.get(req);
}

/**
 * The fields every line written while handling `req` starts from, so that it carries the
 * request's id: `logger.error({ ...requestLogFields(req), err }, ...)`. Passing the id explicitly
 * costs nothing until a line is written; tracking the request through every asynchronous step
 * instead (AsyncLocalStorage, for a logger mixin) would cost every promise of every request on
 * Node 20.
 */
export function requestLogFields(req: IncomingMessage): { requestId?: string } {
  const requestId = requestIds.get(req);
  return requestId === undefined ? {} : { requestId };
}
