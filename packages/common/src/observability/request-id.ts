import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { boundedHeader } from '../http/header-limit.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a client chose: visible ASCII, bounded, so it cannot break or bloat a log line or header. */
const givenRequestIdSchema = z.string().regex(/^[\x21-\x7e]{1,128}$/);

/**
 * A W3C `traceparent` (version 00 layout; later versions only add fields), whose trace id names
 * the whole distributed request. All-zero ids are invalid, as the recommendation says.
 */
const traceparentSchema = z
  .string()
  .regex(/^(?!ff)[0-9a-f]{2}-(?!0{32})([0-9a-f]{32})-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}(-.*)?$/)
  .transform((value) => value.slice(3, 35));

/** Nothing is added to the request object itself. */
const requestIds = new WeakMap<IncomingMessage, string>();

/** Tracing, when on, makes it the trace id of the request's span. */
let generateRequestId: () => string = randomUUID;

export function useRequestIdGenerator(generate: () => string): void {
  generateRequestId = generate;
}

/**
 * The id of a request: its valid `X-Request-Id`, else its `traceparent`'s trace id, else a new
 * one. A repeated header is ambiguous: neither copy is trusted.
 */
function readRequestId(req: IncomingMessage): string {
  const given = boundedHeader(req.headers[REQUEST_ID_HEADER]);
  if (given !== undefined) {
    const parsed = givenRequestIdSchema.safeParse(given);
    if (parsed.success) return parsed.data;
  }
  const traceparent = boundedHeader(req.headers.traceparent);
  if (traceparent !== undefined) {
    const parsed = traceparentSchema.safeParse(traceparent);
    if (parsed.success) return parsed.data;
  }
  return generateRequestId();
}

/** Gives a request its id, for the log lines written while handling it, and echoes it. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = readRequestId(req);
  requestIds.set(req, id);
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

export function requestIdOf(req: IncomingMessage): string | undefined {
  return requestIds.get(req);
}

/**
 * The fields a line written while handling `req` starts from: `{ ...requestLogFields(req), err }`.
 * Explicit, because AsyncLocalStorage (a logger mixin) would cost every promise of every request
 * on Node 20.
 */
export function requestLogFields(req: IncomingMessage): { requestId?: string } {
  const requestId = requestIds.get(req);
  return requestId === undefined ? {} : { requestId };
}
