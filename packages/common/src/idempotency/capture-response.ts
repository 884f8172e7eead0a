import type { Response } from 'express';
import type { StoredResponse } from './store.js';

/** The headers a replay must repeat besides the body (the app adds its own again). */
const KEPT_HEADERS = ['content-type', 'location'] as const;

type Chunk = string | Uint8Array;

function isChunk(value: unknown): value is Chunk {
  return typeof value === 'string' || value instanceof Uint8Array;
}

function bytesOf(chunk: Chunk, encoding: unknown): Buffer {
  if (typeof chunk !== 'string') return Buffer.from(chunk);
  return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

function keptHeaders(res: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/**
 * Collects what the route writes and, when it ends the response, hands it to `settle` before the
 * last bytes leave: a client that retries as soon as it has its answer finds the key answered.
 * This is how compression and caching middleware watch a response (wrapping `write` and `end`).
 */
export function captureResponse(
  res: Response,
  settle: (response: StoredResponse) => Promise<void>,
): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (isChunk(chunk)) chunks.push(bytesOf(chunk, rest[0]));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (isChunk(chunk)) chunks.push(bytesOf(chunk, rest[0]));
    res.write = write;
    res.end = end;
    const response = {
      status: res.statusCode,
      headers: keptHeaders(res),
      body: Buffer.concat(chunks),
    };
    void settle(response).finally(() => (end as (...args: unknown[]) => Response)(chunk, ...rest));
    return res;
  }) as Response['end'];
}

/** Sends a stored response again, marked as such. */
export function replayResponse(res: Response, { status, headers, body }: StoredResponse): void {
  res.status(status).set(headers).set('Idempotent-Replayed', 'true').send(Buffer.from(body));
}
